import { parseArgs } from 'node:util';
import { composeService } from '../src/reference-api.js';
import { filesOfRequest } from './request-files/files-of-request.js';

/**
 * `node dist/bench-build/bench/request-files.js [--path=P] [--accept=A]`: the files of the service's build whose code
 * one warmed request runs, the service composed in this process on the bundled sample data. docs/architecture.md
 * gives the count of a dog's GET.
 */
const usage = 'usage: node dist/bench-build/bench/request-files.js [--path=/doggies/1/] [--accept="application/json; version=2.1.0"]';
let options: { path: string; accept: string };
try {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/doggies/1/' },
      accept: { type: 'string', default: 'application/json; version=2.1.0' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    process.stdout.write(`${usage}\nThe files whose code one warmed request runs, the service composed in this process.\n`);
    process.exit(0);
  }
  options = { path: values.path, accept: values.accept };
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${usage}\n`);
  process.exit(2);
}
const service = await composeService(
  { ACCESS_LOG: 'off', STORAGE: 'memory' },
  { stdout: () => {}, stderr: (line) => process.stderr.write(`${line}\n`) },
);
try {
  const { port } = await service.server.listen(0, '127.0.0.1');
  // The service's code, as the bench's build compiles it beside this file.
  const root = new URL('../src/', import.meta.url).href;
  const files = await filesOfRequest(`http://127.0.0.1:${port}${options.path}`, { accept: options.accept }, root);
  process.stdout.write(`GET ${options.path} (Accept: ${options.accept}): ${files.length} files\n${files.join('\n')}\n`);
} finally {
  await service.stop();
}
