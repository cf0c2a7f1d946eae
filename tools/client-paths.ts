import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_PATHS_DIRECTORY, clientPathsFiles } from './client-paths-source.js';
import { CONTRACTS_DIRECTORY } from './frozen-contracts.js';
import { toolArguments } from './tool-arguments.js';

/**
 * `npm run client-paths`: rewrites the official client's per-version types (`client/src/paths/`) from the frozen
 * contracts (`contracts/<version>/`), removing those of a version no longer frozen. Run it after `npm run contracts -- accept`.
 */
const usage = 'usage: npm run client-paths: rewrite client/src/paths/ from the frozen contracts in contracts/.';
const { values } = toolArguments({ options: { help: { type: 'boolean', short: 'h' } } }, usage);
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
const files = await clientPathsFiles(CONTRACTS_DIRECTORY);
await mkdir(CLIENT_PATHS_DIRECTORY, { recursive: true });
for (const name of await readdir(CLIENT_PATHS_DIRECTORY)) {
  if (files.has(name)) continue;
  await rm(join(CLIENT_PATHS_DIRECTORY, name));
  console.log(`removed ${join(CLIENT_PATHS_DIRECTORY, name)}`);
}
for (const [name, text] of files) {
  await writeFile(join(CLIENT_PATHS_DIRECTORY, name), text);
  console.log(`wrote ${join(CLIENT_PATHS_DIRECTORY, name)}`);
}
