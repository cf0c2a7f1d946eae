import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { SERVICE_SETTING_NAMES } from './fixtures/setting-names.js';

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

/**
 * The reference API from its own entry, `version-aware-api/reference`, composed by the root entry's composeApi with
 * its own setting AGE_REMOVAL; and the root entry without it.
 */
const REFERENCE = `
import * as root from 'version-aware-api';
import { REFERENCE_API } from 'version-aware-api/reference';

const service = await root.composeApi(REFERENCE_API, process.env, { stdout: () => {}, stderr: (line) => process.stderr.write(line + '\\n') });
const { port } = await service.server.listen(0, '127.0.0.1');
const dog = await (await fetch('http://127.0.0.1:' + port + '/doggies/1/', { headers: { accept: 'application/json; version=3.0.0' } })).json();
await service.stop();
process.stdout.write(JSON.stringify({ age: dog.age, settings: Object.keys(REFERENCE_API.settings), inRoot: 'REFERENCE_API' in root }));
`;

/** The program run by node in the repository (so that `version-aware-api` is this package), with `settings` and none of the test's own; its stdout, parsed. */
async function run(t: Test, program: string, settings: Record<string, string> = {}): Promise<unknown> {
  const spool = await mkdtemp(join(tmpdir(), 'vaa-public-'));
  t.teardown(() => rm(spool, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVICE_SETTING_NAMES) delete env[name];
  delete env['NODE_OPTIONS'];
  const child = spawn(process.execPath, ['--input-type=module', '-e', program], {
    cwd: ROOT,
    env: { ...env, TODAY: '2026-11-22', ACCESS_LOG: 'off', USAGE_SPOOL_DIR: spool, ...settings },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.on('close', resolve));
  t.equal(code, 0, stderr);
  return JSON.parse(stdout) as unknown;
}

t.test("an API composed from the package's root entry, its handler mounted in a server of one's own", async (t) => {
  t.same(await run(t, MOUNTED), {
    old: { id: 1, customer_id: 1, amount: 1250, status: 'paid' },
    newest: { id: 1, customer_id: 1, amount: { value: 1250, currency: 'EUR' }, state: 'paid' },
    changelog: ['4.0.0', '3.0.0', '2.0.0', '1.0.0'],
    openapi: '2.0.0',
  });
});

t.test('the reference API from version-aware-api/reference, its AGE_REMOVAL read at start; the root entry has it not', async (t) => {
  t.same(await run(t, REFERENCE), { age: { human_years: 12, dog_years: 84 }, settings: ['AGE_REMOVAL'], inRoot: false }, 'its default');
  t.same(
    await run(t, REFERENCE, { AGE_REMOVAL: 'placeholder' }),
    { age: { human_years: -1, dog_years: -1 }, settings: ['AGE_REMOVAL'], inRoot: false },
    'AGE_REMOVAL=placeholder',
  );
});
