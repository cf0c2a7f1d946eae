import { join } from 'node:path';
import t from 'tap';
import { clientsProcess } from './fixtures/built-program.js';
import { looksLikeApiKey } from '../src/adapters/identity/api-key.js';

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
