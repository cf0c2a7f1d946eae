#!/usr/bin/env node
// The package's program (its `bin`): `version-aware-api contracts|clients|load-data --api MODULE …`, `--help`.
import { lineSink } from '../adapters/logging/line-sink.js';
import { versionAwareApi } from './cli-command.js';

process.exitCode = await versionAwareApi(process.argv.slice(2), process.env, { stdout: lineSink(process.stdout), stderr: lineSink(process.stderr) });
