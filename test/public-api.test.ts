import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { SETTING_NAMES } from '../src/adapters/config/setting-schema.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The example shop composed by the package's root entry (node resolves `version-aware-api` to this package's
 * `exports`, from dist/), its handler mounted in a node:http server of the program's own.
 */
const MOUNTED = `
import { createServer } from 'node:http';
import { composeApi } from 'version-aware-api';
import { SHOP } from './examples/orders/api.mjs';

const service = await composeApi(SHOP, process.env, { stdout: () => {}, stderr: (line) => process.stderr.write(line + '\\n') });
const server = createServer(service.handle);
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = 'http://127.0.0.1:' + server.address().port;
const read = async (path, version) => (await fetch(base + path, { headers: { accept: 'application/json; version=' + version } })).json();
const seen = {
  old: await read('/orders/1/', '1.0.0'),
  newest: await read('/orders/1/', '4.0.0'),
  changelog: (await read('/version/', '4.0.0')).map((entry) => entry.version),
  openapi: (await read('/openapi.json', '2.0.0')).info.version,
};
server.close();
await service.stop();
process.stdout.write(JSON.stringify(seen));
`;

t.test("an API composed from the package's root entry, its handler mounted in a server of one's own", async (t) => {
  const spool = await mkdtemp(join(tmpdir(), 'vaa-public-'));
  t.teardown(() => rm(spool, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, ['--input-type=module', '-e', MOUNTED], {
    cwd: ROOT,
    env: { ...env, TODAY: '2026-11-22', ACCESS_LOG: 'off', USAGE_SPOOL_DIR: spool },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  t.equal(code, 0, stderr);
  t.same(JSON.parse(stdout), {
    old: { id: 1, customer_id: 1, amount: 1250, status: 'paid' },
    newest: { id: 1, customer_id: 1, amount: { value: 1250, currency: 'EUR' }, state: 'paid' },
    changelog: ['4.0.0', '3.0.0', '2.0.0', '1.0.0'],
    openapi: '2.0.0',
  });
});
