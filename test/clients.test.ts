import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { looksLikeApiKey } from '../src/adapters/identity/api-key.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SETTINGS = ['STORAGE', 'DATABASE_URL', 'CLIENTS_FILE', 'DATA_FILE', 'TODAY', 'DATABASE_CONNECT_TIMEOUT_MS'];

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built program as `npm run clients -- ...args` does (dist/, built before the tests by test/loader/build-once.mjs). */
function clientsProcess(args: readonly string[], settings: Record<string, string>): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SETTINGS) delete env[name];
  delete env['NODE_OPTIONS']; // tap's per-process hooks: c8 needs only NODE_V8_COVERAGE, which the child keeps
  const child = spawn(process.execPath, ['dist/clients.js', ...args], { cwd: ROOT, env: { ...env, ...settings } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

t.test('the program: the key is the last line of its stdout; a refusal is one line on stderr and exit code 1', async (t) => {
  const path = join(t.testdir(), 'clients.json');
  const created = await clientsProcess(['create', 'acme'], { CLIENTS_FILE: path });
  t.equal(created.code, 0, 'create: exit code 0', created);
  t.ok(looksLikeApiKey(created.stdout.trimEnd().split('\n').at(-1) as string), 'the key alone on the last line');
  t.equal(created.stderr, '');
  const refused = await clientsProcess(['create', 'acme'], { CLIENTS_FILE: path });
  t.same(refused, { code: 1, stdout: '', stderr: 'clients: a client named "acme" exists already (names stay taken after a revocation)\n' });
  const postgres = await clientsProcess(['list'], {
    STORAGE: 'postgres',
    DATABASE_URL: 'postgres://127.0.0.1:1/x',
    DATABASE_CONNECT_TIMEOUT_MS: '0',
  });
  t.equal(postgres.code, 1, 'STORAGE=postgres without a database: exit code 1');
  t.match(postgres.stderr, /^clients: [^\n]*\n$/, 'one line on stderr');
});
