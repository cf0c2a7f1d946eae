import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { toolArguments } from './tool-arguments.js';

/**
 * `npm run client-types [-- --out DIR]`: one `.d.ts` per supported version (`DIR/<version>.d.ts`, `client-types/`
 * by default), from the OpenAPI documents the service publishes. It starts the service on a free loopback port
 * with the in-memory storage, asks it for each version's document as a client would, and stops it.
 */
const usage = 'usage: npm run client-types [-- --out DIR]: one .d.ts per supported version, from its OpenAPI document (DIR: client-types/).';
const { values } = toolArguments({ options: { out: { type: 'string', default: 'client-types' }, help: { type: 'boolean', short: 'h' } } }, usage);
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
// Loaded once the command line is read: a refused one does not wait for the whole service to load.
const { composeService } = await import('../src/reference-api.js');
const { clientTypesSource } = await import('./client-types-source.js');
const out = resolve(values.out);
const quiet = (): void => {};
// The documents depend on the versioning settings (REMOVED_IN, DEFAULT_VERSION, …), never on the storage: memory it is.
const { DATABASE_URL: _database, ...environment } = process.env;
const service = await composeService(
  { ...environment, STORAGE: 'memory', ACCESS_LOG: 'off' },
  { stdout: quiet, stderr: (line) => console.error(line) },
);
try {
  const { port } = await service.server.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const versions = ((await (await fetch(`${url}/version/`)).json()) as { version: string }[]).map(({ version }) => version);
  await mkdir(out, { recursive: true });
  for (const version of versions) {
    const response = await fetch(`${url}/openapi.json`, { headers: { accept: `application/json; version=${version}` } });
    const file = resolve(out, `${version}.d.ts`);
    await writeFile(file, await clientTypesSource((await response.json()) as object));
    console.log(`wrote ${file}`);
  }
} finally {
  await service.stop();
}
