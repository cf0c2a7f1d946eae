import { chmod, mkdir, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { MAX_CLIENTS_FILE_BYTES, readClientsFile, writeClientsFile } from '../../../../src/adapters/persistence/memory/clients-file.js';
import type { Client } from '../../../../src/domain/clients/client.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';

const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const ACME: Client = {
  name: 'acme',
  keyHash: HASH_A,
  pinnedVersion: '3.0.0',
  previousVersion: '2.1.0',
  rollbackUntil: Date.parse('2026-11-25T10:00:00.000Z'),
  createdAt: Date.parse('2026-11-01T09:30:00.123Z'),
  revokedAt: null,
};
const GONE: Client = {
  name: 'gone.example-1',
  keyHash: HASH_B,
  pinnedVersion: '1.0.0',
  previousVersion: null,
  rollbackUntil: null,
  createdAt: Date.parse('2026-01-01T00:00:00.000Z'),
  revokedAt: Date.parse('2026-02-01T12:00:00.000Z'),
};

/** ACME as the file holds it. */
const ACME_JSON = {
  name: 'acme',
  key_sha256: HASH_A,
  pinned_version: '3.0.0',
  previous_version: '2.1.0',
  rollback_until: '2026-11-25T10:00:00.000Z',
  created_at: '2026-11-01T09:30:00.123Z',
  revoked_at: null,
};

t.test('what is written reads back the same; the file is JSON, instants in UTC, mode 0600, nothing else left in the folder', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'clients.json');
  await writeClientsFile(path, [ACME, GONE]);
  t.strictSame(await readClientsFile(path), [ACME, GONE], 'every field, in order');
  const json = JSON.parse(await readFile(path, 'utf8')) as { clients: unknown[] };
  t.strictSame(json.clients[0], ACME_JSON, 'snake_case fields, ISO instants, null for none');
  t.match(json.clients[1], { revoked_at: '2026-02-01T12:00:00.000Z', rollback_until: null });
  t.equal((await stat(path)).mode & 0o777, 0o600, 'the owner alone may read it');
  t.strictSame(await readdir(dir), ['clients.json'], 'no temporary file left');
  await writeClientsFile(path, []);
  t.strictSame(await readClientsFile(path), [], 'an empty list replaces it');
});

t.test('a file another mode had is replaced by one of mode 0600', async (t) => {
  const path = join(t.testdir({ 'clients.json': '{"clients": []}' }), 'clients.json');
  await chmod(path, 0o644);
  await writeClientsFile(path, [ACME]);
  t.equal((await stat(path)).mode & 0o777, 0o600);
});

t.test('a missing file is refused, named, unless it may read as no clients', async (t) => {
  const path = join(t.testdir(), 'none.json');
  await t.rejects(readClientsFile(path), new StartupError(`CLIENTS_FILE ${JSON.stringify(path)}: cannot be read (ENOENT)`));
  t.strictSame(await readClientsFile(path, { missingIsEmpty: true }), [], 'create starts a new file');
  const dir = t.testdir();
  await t.rejects(readClientsFile(dir, { missingIsEmpty: true }), /: is not a regular file$/, 'a folder is not missing');
});

t.test('a file too large is refused before it is read', async (t) => {
  const path = join(t.testdir(), 'huge.json');
  await writeFile(path, '');
  await truncate(path, MAX_CLIENTS_FILE_BYTES + 1);
  await t.rejects(
    readClientsFile(path),
    new RegExp(`: is ${MAX_CLIENTS_FILE_BYTES + 1} bytes, more than the ${MAX_CLIENTS_FILE_BYTES} a clients file may have$`),
  );
});

t.test('a wrong file is refused naming the file, the client and the field', async (t) => {
  const client = (fields: Record<string, unknown>): string => JSON.stringify({ clients: [{ ...ACME_JSON, ...fields }] });
  const without = (field: string): string => {
    const { [field]: _dropped, ...rest } = ACME_JSON as Record<string, unknown>;
    return JSON.stringify({ clients: [rest] });
  };
  const cases: [string, string, RegExp][] = [
    ['{"clients": [\n  {"name": "a"}\n  {"name": "b"}\n]}', 'not JSON', /: is not valid JSON: line 3, column 3: unexpected "\{"$/],
    ['', 'empty', /: is not valid JSON: line 1, column 1: unexpected the end of the file$/],
    ['[]', 'an array', /: must be a JSON object \{"clients": \[\{"name": \.\.\., "key_sha256": \.\.\./],
    ['{"clients": [], "dogs": []}', 'another key', /: unknown key "dogs"; the only key is "clients"$/],
    ['{}', 'no clients', /: "clients" must be an array of clients/],
    ['{"clients": {}}', 'clients not an array', /: "clients" must be an array of clients/],
    ['{"clients": [1]}', 'a client not an object', /: clients\[0\]: must be an object with the fields name, key_sha256, /],
    [client({ key: 'vaa_x' }), 'an unknown field', /: clients\[0\]: unknown field "key"; the fields are name, /],
    [without('name'), 'no name', /: clients\[0\]: "name" is missing: expected a name of 1 to 64 letters/],
    [without('revoked_at'), 'no revoked_at (null is said)', /: clients\[0\]: "revoked_at" is missing: expected an instant .* or null$/],
    [client({ name: 'a b' }), 'a bad name', /: clients\[0\]: "name" "a b" is not valid: expected a name/],
    [client({ name: 7 }), 'a name not a string', /: clients\[0\]: "name" 7 is not valid/],
    [
      client({ key_sha256: HASH_A.toUpperCase() }),
      'a hash in capitals',
      /: clients\[0\]: "key_sha256" is not valid: expected the SHA-256 of the key, 64 lowercase hex digits$/,
    ],
    [client({ pinned_version: '5.0' }), 'a version not X.Y.Z', /: clients\[0\]: "pinned_version" "5\.0" is not valid: expected a version X\.Y\.Z$/],
    [
      client({ previous_version: 2 }),
      'a previous version not a string',
      /: clients\[0\]: "previous_version" 2 is not valid: expected a version X\.Y\.Z or null$/,
    ],
    [
      client({ rollback_until: '2026-11-25' }),
      'a date, not an instant',
      /: clients\[0\]: "rollback_until" "2026-11-25" is not valid: expected an instant/,
    ],
    [
      client({ created_at: null }),
      'no creation instant',
      /: clients\[0\]: "created_at" null is not valid: expected an instant YYYY-MM-DDTHH:MM:SS\.sssZ \(UTC\)$/,
    ],
    [client({ created_at: '2026-02-30T00:00:00Z' }), 'February 30th', /"created_at" "2026-02-30T00:00:00Z" is not valid/],
    [client({ created_at: '2026-01-01T23:59:60Z' }), 'a leap second', /"created_at" "2026-01-01T23:59:60Z" is not valid/],
    [client({ created_at: '2026-01-01T10:00:00+01:00' }), 'an offset other than Z', /"created_at" "2026-01-01T10:00:00\+01:00" is not valid/],
    [client({ revoked_at: 1 }), 'an instant as a number', /"revoked_at" 1 is not valid/],
    [client({ name: 'x'.repeat(100) }), 'a long value, shortened', /"name" "x{39}… is not valid/],
    [
      client({ rollback_until: null }),
      'a previous version without its rollback',
      /: clients\[0\]: "previous_version" and "rollback_until" go together: both null, or both set$/,
    ],
    [
      JSON.stringify({ clients: [ACME_JSON, { ...ACME_JSON, key_sha256: HASH_B }] }),
      'a name twice',
      /: clients\[1\]: "name" "acme" is already used by clients\[0\]$/,
    ],
    [
      JSON.stringify({ clients: [ACME_JSON, { ...ACME_JSON, name: 'other' }] }),
      'a hash twice',
      /: clients\[1\]: "key_sha256" is already used by clients\[0\]: every client has a key of its own$/,
    ],
  ];
  const dir = t.testdir();
  for (const [text, why, message] of cases) {
    const path = join(dir, 'clients.json');
    await writeFile(path, text);
    const refusal = await readClientsFile(path).then(
      () => undefined,
      (error: unknown) => error,
    );
    t.type(refusal, StartupError, `${why}: a StartupError`);
    t.match((refusal as Error).message, message, why);
    t.ok((refusal as Error).message.startsWith(`CLIENTS_FILE ${JSON.stringify(path)}: `), `${why}: the file is named first`);
  }
  await writeFile(join(dir, 'good.json'), client({ created_at: '2026-01-01T10:00:00Z', previous_version: null, rollback_until: null }));
  t.match(
    await readClientsFile(join(dir, 'good.json')),
    [{ createdAt: Date.parse('2026-01-01T10:00:00Z') }],
    'an instant without its fraction is read',
  );
});

t.test('a file that cannot be written is said, and leaves nothing behind', async (t) => {
  const dir = t.testdir();
  const nowhere = join(dir, 'no-such-folder', 'clients.json');
  await t.rejects(writeClientsFile(nowhere, [ACME]), new StartupError(`CLIENTS_FILE ${JSON.stringify(nowhere)}: cannot be written (ENOENT)`));
  const folder = join(dir, 'a-folder');
  await mkdir(folder);
  await t.rejects(writeClientsFile(folder, [ACME]), /: cannot be written \(EISDIR\)$/, 'a folder in the way: the rename fails');
  t.strictSame(await readdir(dir), ['a-folder'], 'the temporary file is removed');
});
