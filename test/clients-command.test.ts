import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { clientsCommand, clientsHelp, openClientsFile, type ClientsCommandReplacements, type OpenClientRepository } from '../src/clients-command.js';
import { hashApiKey, looksLikeApiKey } from '../src/adapters/identity/api-key.js';
import { writeClientsFile } from '../src/adapters/persistence/memory/clients-file.js';
import { InMemoryClientRepository } from '../src/adapters/persistence/memory/in-memory-client-repository.js';
import type { Client } from '../src/domain/clients/client.js';
import { LIFECYCLE_TODAY, lifecycleModel } from './fixtures/lifecycle-history.js';
import { ALL_VERSIONS, NEWEST_VERSION, NEXT_VERSION } from './fixtures/versions.js';
import { clientsProcess } from './fixtures/built-program.js';
import { reportFrom2To4 } from './adapters/http/fixtures/upgrade-report.js';
import { lockForChange } from '../src/adapters/persistence/file-lock.js';
import type { HistoryOptions } from '../src/domain/api-history/versions/history-options.js';
import { StartupError } from '../src/domain/errors/startup-error.js';
import { REFERENCE_API } from '../src/reference-api.js';
import { defineApi, type ApiDefinition } from '../src/api-definition.js';
import { ORDERS, SHOP_VERSIONS } from './fixtures/shop-api.js';

interface Run {
  readonly code: number;
  readonly stdout: string[];
  readonly stderr: string[];
}

/** The command in this process over the clients of `api` (the reference's), with these settings alone as its environment: its exit code and its lines. */
async function clients(
  args: readonly string[],
  env: Record<string, string>,
  openRepository: OpenClientRepository = openClientsFile,
  replacements: ClientsCommandReplacements = {},
  api: ApiDefinition = REFERENCE_API,
): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await clientsCommand(
    args,
    env,
    { stdout: (line) => stdout.push(...line.split('\n')), stderr: (line) => stderr.push(line) },
    openRepository,
    api,
    replacements,
  );
  return { code, stdout, stderr };
}

interface StoredClient {
  readonly name: string;
  readonly key_sha256: string;
  readonly pinned_version: string;
  readonly revoked_at: string | null;
}

async function stored(path: string): Promise<StoredClient[]> {
  return (JSON.parse(await readFile(path, 'utf8')) as { clients: StoredClient[] }).clients;
}

/** A CLIENTS_FILE path in a folder of the test's own, and its settings. */
function clientsFile(t: Test): { path: string; env: Record<string, string> } {
  const path = join(t.testdir(), 'clients.json');
  return { path, env: { CLIENTS_FILE: path, TODAY: LIFECYCLE_TODAY } };
}

t.test('create: one line says where and at which pin, the key alone on the last; the file holds only its hash, mode 0600', async (t) => {
  const { path, env } = clientsFile(t);
  const run = await clients(['create', 'acme'], env);
  t.equal(run.code, 0, 'exit code 0');
  t.same(run.stderr, [], 'nothing on stderr');
  t.equal(run.stdout.length, 2, 'two lines');
  t.equal(
    run.stdout[0],
    `Created client "acme", pinned to ${NEWEST_VERSION}, in CLIENTS_FILE ${JSON.stringify(path)} (the service reads it when it starts). Its API key, shown this once only:`,
    'where, and the newest version by default',
  );
  const key = run.stdout.at(-1) as string;
  t.ok(looksLikeApiKey(key), 'the last line is the key alone');
  const text = await readFile(path, 'utf8');
  t.notOk(text.includes(key.slice(4)), 'the key is not in the file');
  t.match(await stored(path), [{ name: 'acme', key_sha256: hashApiKey(key), pinned_version: NEWEST_VERSION, revoked_at: null }], 'its hash is');
  t.equal((await stat(path)).mode & 0o777, 0o600, 'the file is the owner’s alone');

  const again = await clients(['create', 'acme'], env);
  t.equal(again.code, 1, 'the same name again: exit code 1');
  t.same(again.stderr, ['clients: a client named "acme" exists already (names stay taken after a revocation)']);
  t.same(again.stdout, [], 'no key is shown for a client not created');
  t.equal((await stored(path)).length, 1, 'the file still holds one client');

  const second = await clients(['create', 'beta'], env);
  t.equal(second.code, 0, 'another name: exit code 0');
  t.not(second.stdout.at(-1), key, 'another key');
  t.same(
    (await stored(path)).map(({ name }) => name),
    ['acme', 'beta'],
    'both in the file',
  );
});

t.test('create --version: any version served that day, deprecated ones included; nothing else', async (t) => {
  const { path, env } = clientsFile(t);
  const model = { model: lifecycleModel() };
  const deprecated = await clients(['create', 'old', '--version', '2.1.0'], env, openClientsFile, model);
  t.equal(deprecated.code, 0, '2.1.0, deprecated and served until 2026-12-01: exit code 0');
  t.match(deprecated.stdout[0], /^Created client "old", pinned to 2\.1\.0, in /);
  const cases: [string, string][] = [
    ['2.0.0', 'retired that very day'],
    ['1.0.0', 'retired before'],
    [NEXT_VERSION, 'a version after the newest'],
    ['5.0', 'not X.Y.Z'],
  ];
  for (const [version, why] of cases) {
    const run = await clients(['create', 'new', '--version', version], env, openClientsFile, model);
    t.equal(run.code, 1, `${why}: exit code 1`);
    t.match(
      run.stderr,
      [new RegExp(`^clients: version "${version.replaceAll('.', '\\.')}" is not served: expected one of ${NEWEST_VERSION}, `)],
      why,
    );
    t.same(run.stdout, [], `${why}: no key shown`);
  }
  t.equal((await stored(path)).length, 1, 'only the first was created');
  const oldest = await clients(['create', 'oldest', '--version', ALL_VERSIONS[0] as string], env);
  t.equal(oldest.code, 0, 'with the reference history, the oldest version, deprecated, is served');
});

t.test('create refuses a bad name, and a file it cannot write, showing no key', async (t) => {
  const { env } = clientsFile(t);
  const name = await clients(['create', 'a b'], env);
  t.equal(name.code, 1);
  t.match(name.stderr, [/^clients: client name "a b" is not valid: 1 to 64 letters/]);
  const nowhere = join(t.testdir(), 'missing-folder', 'clients.json');
  const unwritable = await clients(['create', 'acme'], { CLIENTS_FILE: nowhere });
  t.equal(unwritable.code, 1, 'a folder that does not exist: exit code 1');
  t.same(unwritable.stderr, [`clients: CLIENTS_FILE ${JSON.stringify(nowhere)}: cannot be written (ENOENT)`]);
  t.same(unwritable.stdout, [], 'no key shown for a client not stored');
});

const HASH = 'c'.repeat(64);
const SEEDED: Client[] = [
  {
    name: 'zeta',
    keyHash: HASH,
    pinnedVersion: '3.0.0',
    previousVersion: '2.1.0',
    rollbackUntil: Date.parse('2026-11-24T08:00:00.000Z'),
    createdAt: Date.parse('2026-11-21T08:00:00.000Z'),
    revokedAt: null,
  },
  {
    name: 'alpha',
    keyHash: 'd'.repeat(64),
    pinnedVersion: '1.0.0',
    previousVersion: null,
    rollbackUntil: null,
    createdAt: Date.parse('2026-01-02T03:04:05.006Z'),
    revokedAt: Date.parse('2026-02-03T04:05:06.007Z'),
  },
];

t.test('list: a table by name, or a JSON array with --json; never a key or a hash', async (t) => {
  const { path, env } = clientsFile(t);
  await writeClientsFile(path, SEEDED);
  const created = await clients(['create', 'mid'], env);
  const key = created.stdout.at(-1) as string;
  const table = await clients(['list'], env);
  t.equal(table.code, 0, 'exit code 0');
  t.same(table.stderr, []);
  t.match(table.stdout[0], /^name +pinned_version +previous_version +rollback_until +created_at +revoked_at +last_request_on$/, 'the headings');
  t.match(
    table.stdout.slice(1),
    [
      /^alpha +1\.0\.0 +- +- +2026-01-02T03:04:05\.006Z +2026-02-03T04:05:06\.007Z +-$/,
      new RegExp(`^mid +${NEWEST_VERSION.replaceAll('.', '\\.')} +- +- +${LIFECYCLE_TODAY}T[0-9:.]+Z +- +-$`),
      /^zeta +3\.0\.0 +2\.1\.0 +2026-11-24T08:00:00\.000Z +2026-11-21T08:00:00\.000Z +- +-$/,
    ],
    'one row per client, revoked ones included, "-" for none',
  );
  t.equal(table.stdout.length, 4);
  const json = await clients(['list', '--json'], env);
  t.equal(json.code, 0, '--json: exit code 0');
  const listed = JSON.parse(json.stdout.join('\n')) as Record<string, unknown>[];
  t.same(listed[0], {
    name: 'alpha',
    pinned_version: '1.0.0',
    previous_version: null,
    rollback_until: null,
    created_at: '2026-01-02T03:04:05.006Z',
    revoked_at: '2026-02-03T04:05:06.007Z',
    last_request_on: null,
  });
  t.match(listed[2], { name: 'zeta', previous_version: '2.1.0', rollback_until: '2026-11-24T08:00:00.000Z' });
  for (const [run, what] of [
    [table, 'the table'],
    [json, 'the JSON'],
  ] as const) {
    const text = run.stdout.join('\n');
    t.notOk(text.includes(key.slice(4)), `${what}: no key`);
    t.notOk(
      [HASH, 'd'.repeat(64), hashApiKey(key)].some((hash) => text.includes(hash)),
      `${what}: no hash`,
    );
    t.notOk(/key/.test(text), `${what}: no key field`);
  }
});

t.test('list of an empty file says so; --json prints []', async (t) => {
  const { path, env } = clientsFile(t);
  await writeClientsFile(path, []);
  t.same(await clients(['list'], env), {
    code: 0,
    stdout: [`No clients in CLIENTS_FILE ${JSON.stringify(path)} (the service reads it when it starts).`],
    stderr: [],
  });
  t.same((await clients(['list', '--json'], env)).stdout, ['[]']);
});

t.test('pin moves a client to any served version, older or newer, and closes its rollback', async (t) => {
  const { path, env } = clientsFile(t);
  await writeClientsFile(path, SEEDED);
  const older = await clients(['pin', 'zeta', '2.0.0'], env);
  t.equal(older.code, 0, 'an older version: exit code 0');
  t.same(older.stdout, [
    `Pinned client "zeta" to 2.0.0 in CLIENTS_FILE ${JSON.stringify(path)} (the service reads it when it starts); any rollback it had is closed.`,
  ]);
  t.match((JSON.parse(await readFile(path, 'utf8')) as { clients: unknown[] }).clients, [
    { name: 'zeta', pinned_version: '2.0.0', previous_version: null, rollback_until: null, key_sha256: HASH },
    { name: 'alpha' },
  ]);
  t.equal((await clients(['pin', 'zeta', NEWEST_VERSION], env)).code, 0, 'the newest: exit code 0');
  const cases: [string[], string, RegExp][] = [
    [['pin', 'zeta', NEXT_VERSION], 'a version not served', /^clients: version ".*" is not served: expected one of /],
    [['pin', 'nobody', NEWEST_VERSION], 'an unknown client', /^clients: no client is named "nobody"$/],
    [['pin', 'alpha', NEWEST_VERSION], 'a revoked client', /^clients: client "alpha" is revoked$/],
  ];
  for (const [args, why, message] of cases) {
    const run = await clients(args, env);
    t.equal(run.code, 1, `${why}: exit code 1`);
    t.match(run.stderr, [message], why);
  }
  t.match(
    await stored(path),
    [
      { name: 'zeta', pinned_version: NEWEST_VERSION },
      { name: 'alpha', pinned_version: '1.0.0' },
    ],
    'only the good pins stored',
  );
});

t.test('revoke: once; the name stays taken', async (t) => {
  const { path, env } = clientsFile(t);
  await writeClientsFile(path, SEEDED);
  const run = await clients(['revoke', 'zeta'], env);
  t.equal(run.code, 0, 'exit code 0');
  t.same(run.stdout, [
    `Revoked client "zeta" in CLIENTS_FILE ${JSON.stringify(path)} (the service reads it when it starts): its key is refused from then on, and the name stays taken.`,
  ]);
  t.match((await stored(path))[0], { name: 'zeta', revoked_at: new RegExp(`^${LIFECYCLE_TODAY}T`) }, 'the instant of the revocation, today');
  const twice = await clients(['revoke', 'zeta'], env);
  t.equal(twice.code, 1, 'twice: exit code 1');
  t.same(twice.stderr, ['clients: client "zeta" is revoked']);
  t.same((await clients(['revoke', 'nobody'], env)).stderr, ['clients: no client is named "nobody"']);
  t.equal((await clients(['create', 'zeta'], env)).code, 1, 'a revoked name cannot be created again');
});

t.test('storage: CLIENTS_FILE is needed, must exist but for create, and the settings are checked as the service checks them', async (t) => {
  const none = await clients(['list'], {});
  t.equal(none.code, 1, 'no CLIENTS_FILE: exit code 1');
  t.match(none.stderr, [/^clients: with STORAGE=memory \(the default\) the clients are kept in CLIENTS_FILE: set CLIENTS_FILE /]);
  const missing = join(t.testdir(), 'none.json');
  for (const subcommand of [['list'], ['pin', 'acme', NEWEST_VERSION], ['revoke', 'acme']]) {
    const run = await clients(subcommand, { CLIENTS_FILE: missing });
    t.same(
      run,
      { code: 1, stdout: [], stderr: [`clients: CLIENTS_FILE ${JSON.stringify(missing)}: cannot be read (ENOENT)`] },
      `${subcommand[0]}: a missing file is named`,
    );
  }
  const bad = await clients(['list'], { STORAGE: 'sqlite', CLIENTS_FILE: missing });
  t.match(bad, { code: 1, stderr: [/^clients: bad setting: STORAGE="sqlite" is not valid: expected memory or postgres$/] }, 'a bad setting');
  const own = await clients(['list'], { AGE_REMOVAL: 'nope', CLIENTS_FILE: missing });
  t.match(
    own,
    { code: 1, stderr: [/^clients: bad setting: AGE_REMOVAL="nope" is not valid: expected computed or placeholder$/] },
    "a bad setting of the API's own",
  );
});

t.test('the storage is opened with what the command is about to do, and closed whatever happens', async (t) => {
  const opened: boolean[] = [];
  let closed = 0;
  const open: OpenClientRepository = async (_settings, { creating }) => {
    opened.push(creating);
    return { repository: new InMemoryClientRepository(), description: 'a test store', close: async () => void (closed += 1) };
  };
  t.equal((await clients(['create', 'acme'], {}, open)).code, 0);
  t.equal((await clients(['pin', 'acme', NEXT_VERSION], {}, open)).code, 1);
  t.equal((await clients(['list'], {}, open)).stdout[0], 'No clients in a test store.');
  t.same(opened, [true, false, false], 'only create may start a new store');
  t.equal(closed, 3, 'closed each time, refused or not');
  const bug = new TypeError('a bug');
  await t.rejects(
    clients(['list'], {}, () => Promise.reject(bug)),
    bug,
    'an unexpected error is not taken for a refusal',
  );
});

t.test('--help, and usage errors that name the usage', async (t) => {
  for (const flag of ['--help', '-h']) {
    const run = await clients(['list', flag], {});
    t.equal(run.code, 0, `${flag}: exit code 0`);
    t.match(
      run.stdout[0],
      /^usage: npm run clients -- create NAME \[--version V\] \| list \[--json\] \| pin NAME V \| revoke NAME \| report \[--version V\] \[--days N\] \[--json\] \| upgrade NAME --to V \[--json\]$/,
      flag,
    );
    t.ok(
      run.stdout.some((line) => /^CLIENTS_FILE +with STORAGE=memory/.test(line)),
      `${flag}: the settings`,
    );
  }
  const all =
    'usage: npm run clients -- create NAME \\[--version V\\] \\| list \\[--json\\] \\| pin NAME V \\| revoke NAME \\| report \\[--version V\\] \\[--days N\\] \\[--json\\] \\| upgrade NAME --to V \\[--json\\] \\(--help says more\\)';
  const cases: [string[], string, RegExp][] = [
    [[], 'no subcommand', new RegExp(`^clients: no subcommand; ${all}$`)],
    [['remove', 'acme'], 'an unknown subcommand', new RegExp(`^clients: unknown subcommand "remove"; ${all}$`)],
    [['create'], 'no name', /^clients: create needs NAME; usage: npm run clients -- create NAME \[--version V\]$/],
    [['pin'], 'pin without operands', /^clients: pin needs NAME and V; usage: npm run clients -- pin NAME V$/],
    [['pin', 'acme'], 'pin without a version', /^clients: pin needs V; usage: npm run clients -- pin NAME V$/],
    [['revoke', 'a', 'b'], 'an operand too many', /^clients: unexpected "b"; usage: npm run clients -- revoke NAME$/],
    [['list', 'all'], 'list takes no operand', /^clients: unexpected "all"; usage: npm run clients -- list \[--json\]$/],
    [
      ['create', 'acme', '--version'],
      '--version without a value',
      /^clients: --version needs a version X\.Y\.Z; usage: npm run clients -- create NAME/,
    ],
    [['create', 'acme', '--json'], 'an option of another subcommand', /^clients: create takes no option "--json"; usage: /],
    [
      ['pin', 'acme', '--version', '1.0.0'],
      'pin takes its version as an operand',
      /^clients: pin takes no option "--version"; usage: npm run clients -- pin NAME V$/,
    ],
    [['list', '--verbose'], 'an unknown option', /^clients: list takes no option "--verbose"; usage: /],
    [
      ['upgrade', 'acme'],
      'upgrade without --to',
      /^clients: upgrade needs --to V, the version the pin would move to; usage: npm run clients -- upgrade NAME --to V \[--json\]$/,
    ],
    [['upgrade', 'acme', '--to'], '--to without a value', /^clients: upgrade needs --to V/],
    [['upgrade', '--to', '5.0.0'], 'upgrade without a name', /^clients: upgrade needs NAME; /],
    [['report', '--to', '5.0.0'], 'report takes no --to', /^clients: report takes no option "--to"; /],
  ];
  for (const [args, why, message] of cases) {
    const run = await clients(args, {});
    t.equal(run.code, 2, `${why}: exit code 2, a command line it cannot read`);
    t.match(run.stderr, [message], why);
    t.equal(run.stderr.length, 1, `${why}: one line`);
    t.same(run.stdout, [], `${why}: nothing on stdout`);
  }
});

t.test('report and list read the counts of the usage store; with the in-memory storage there is none to read', async (t) => {
  const { InMemoryUsageStore } = await import('../src/adapters/persistence/memory/in-memory-usage-store.js');
  const usage = new InMemoryUsageStore();
  await usage.add([
    { client: 'shop', version: '1.0.0', route: '/doggies/', day: '2026-11-20', requests: 3 },
    { client: 'shop', version: '1.0.0', route: '/doggies/', day: '2026-11-21', requests: 2 },
    { client: 'anonymous', version: '3.0.0', route: '/doggies/:id/', day: '2026-11-22', requests: 9 },
    { client: 'anonymous', version: '1.0.0', route: '/doggies/', day: '2026-11-22', requests: 1 },
    { client: 'anonymous', version: 'none', route: '/doggies/', day: '2026-11-22', requests: 4 },
    { client: 'shop', version: '3.0.0', route: '/doggies/', day: '2026-10-01', requests: 7 },
  ]);
  const repository = new InMemoryClientRepository([
    { name: 'shop', keyHash: hashApiKey('k'), pinnedVersion: '3.0.0', previousVersion: null, rollbackUntil: null, createdAt: 0, revokedAt: null },
  ]);
  const withUsage: OpenClientRepository = () => Promise.resolve({ repository, description: 'the test store', usage, close: () => Promise.resolve() });
  const env = { TODAY: LIFECYCLE_TODAY };
  const model = { model: lifecycleModel() };
  const report = await clients(['report', '--json'], env, withUsage, model);
  t.equal(report.code, 0, report.stderr.join('\n'));
  t.same(
    JSON.parse(report.stdout.join('\n')),
    [
      { client: 'shop', version: '1.0.0', requests: 5, last_request_on: '2026-11-21', deprecated: true },
      { client: 'anonymous', version: '1.0.0', requests: 1, last_request_on: '2026-11-22', deprecated: true },
      { client: 'anonymous', version: '3.0.0', requests: 9, last_request_on: '2026-11-22', deprecated: false },
      { client: 'anonymous', version: 'none', requests: 4, last_request_on: '2026-11-22', deprecated: false },
    ],
    'deprecated versions first, the most requests first within a version; older than 30 days left out',
  );
  const text = await clients(['report', '--version', '1.0.0', '--days', '2'], env, withUsage, model);
  t.same(
    text.stdout.map((line) => line.split(/\s+/).slice(0, 3).join(' ')),
    ['client version requests', 'shop 1.0.0 2', 'anonymous 1.0.0 1'],
    'one version, two days',
  );
  const long = await clients(['report', '--days', '90'], env, withUsage, model);
  t.match(long.stdout.join('\n'), /shop\s+3\.0\.0\s+7\s+2026-10-01\s+no/, '--days reaches further back');
  const none = await clients(['report', '--version', '2.0.0'], env, withUsage, model);
  t.same(none.stdout, ['No requests in the last 30 days in the test store.']);
  const list = await clients(['list', '--json'], env, withUsage, model);
  t.match(JSON.parse(list.stdout.join('\n')), [{ name: 'shop', last_request_on: '2026-11-21' }], 'list: the last request day');
  for (const bad of [['--days', '0'], ['--days', 'x'], ['--days'], ['--days', '3651']]) {
    const refused = await clients(['report', ...bad], env, withUsage, model);
    t.equal(refused.code, 2, `report ${bad.join(' ')}: exit 2`);
    t.match(refused.stderr, [/--days needs a whole number of days from 1 to 3650/]);
  }
  const file = join(t.testdir(), 'clients.json');
  await writeClientsFile(file, []);
  const memory = await clients(['report'], { CLIENTS_FILE: file, TODAY: LIFECYCLE_TODAY });
  t.equal(memory.code, 1, 'with STORAGE=memory: exit 1');
  t.match(memory.stderr, [/live in the service process only.*STORAGE=postgres/]);
});

t.test('six commands at once on one CLIENTS_FILE: every client created is kept, every key printed is stored, a revocation stays', async (t) => {
  const { path, env } = clientsFile(t);
  t.equal((await clients(['create', 'first'], env)).code, 0, 'a file of one client');
  const names = ['a1', 'a2', 'a3', 'a4', 'a5'];
  const runs = await Promise.all([...names.map((name) => clientsProcess(['create', name], env)), clientsProcess(['revoke', 'first'], env)]);
  t.same(
    runs.map(({ code }) => code),
    [0, 0, 0, 0, 0, 0],
    'each exits 0',
  );
  const kept = await stored(path);
  t.same(kept.map(({ name }) => name).sort(), [...names, 'first'], 'every client kept');
  const keys = runs.slice(0, names.length).map(({ stdout }) => stdout.trim().split('\n').at(-1) as string);
  t.same(
    keys.map((key) => kept.find(({ key_sha256 }) => key_sha256 === hashApiKey(key))?.name),
    names,
    'each key printed is the stored one of its client',
  );
  t.not(kept.find(({ name }) => name === 'first')?.revoked_at, null, 'the revocation is kept');
  await t.rejects(stat(`${path}.lock`), { code: 'ENOENT' }, 'the lock is let go');
});

t.test('a lock held by another process: the change waits, and a lock held too long is named', async (t) => {
  const { path, env } = clientsFile(t);
  const release = await lockForChange(path, 'the file');
  await t.rejects(
    lockForChange(path, `CLIENTS_FILE ${JSON.stringify(path)}`, 1),
    new StartupError(
      `CLIENTS_FILE ${JSON.stringify(path)}: another process is changing it (its lock ${JSON.stringify(`${path}.lock`)} is held); try again`,
    ),
    'refused once it would wait no longer',
  );
  const waiting = clients(['create', 'patient'], env);
  await new Promise((resolve) => setTimeout(resolve, 200));
  await t.rejects(stat(path), { code: 'ENOENT' }, 'nothing written while the lock is held');
  await release();
  t.equal((await waiting).code, 0, 'done once the lock is let go');
  t.same(
    (await stored(path)).map(({ name }) => name),
    ['patient'],
    'written',
  );
});

t.test('upgrade NAME --to V: the report of GET /client/upgrade, with the calls of the usage store, as a table or JSON', async (t) => {
  const { InMemoryUsageStore } = await import('../src/adapters/persistence/memory/in-memory-usage-store.js');
  const usage = new InMemoryUsageStore();
  await usage.add([
    { client: 'shop', version: '2.0.0', route: '/doggies/:id/', day: '2026-11-20', requests: 2 },
    { client: 'shop', version: '3.0.0', route: '/doggies/', day: '2026-11-21', requests: 1 },
    { client: 'shop', version: '2.0.0', route: '/cats/', day: '2026-11-21', requests: 4 },
    { client: 'shop', version: '2.0.0', route: '/cats/', day: '2026-09-01', requests: 50 },
    { client: 'other', version: '2.0.0', route: '/cats/', day: '2026-11-21', requests: 8 },
  ]);
  const client = (name: string, pinnedVersion: string, revokedAt: number | null = null): Client => ({
    name,
    keyHash: hashApiKey(name),
    pinnedVersion,
    previousVersion: null,
    rollbackUntil: null,
    createdAt: 0,
    revokedAt,
  });
  const repository = new InMemoryClientRepository([
    client('shop', '2.0.0'),
    client('gone', '2.0.0', 1),
    client('newest', NEWEST_VERSION),
    client('early', '1.0.0'),
  ]);
  const open: OpenClientRepository = () => Promise.resolve({ repository, description: 'the test store', usage, close: () => Promise.resolve() });
  const env = { TODAY: LIFECYCLE_TODAY };
  const json = await clients(['upgrade', 'shop', '--to', '4.0.0', '--json'], env, open);
  t.equal(json.code, 0, json.stderr.join('\n'));
  t.same(
    JSON.parse(json.stdout.join('\n')),
    reportFrom2To4([3, 3, 0, 3, 4]),
    'as GET /client/upgrade answers: the calls of the last 30 days, this client’s only',
  );
  const early = await clients(['upgrade', 'early', '--to', '2.1.0', '--json'], env, open);
  t.match(
    JSON.parse(early.stdout.join('\n')),
    {
      changes: [
        { version: '2.0.0', operations: ['GET /doggies/{id}/'] },
        { version: '2.1.0', operations: ['GET /doggies/', 'GET /doggies/{id}/'] },
      ],
    },
    'a record change reaches a route served at the target only (the dog detail, from 2.0.0)',
  );
  const text = await clients(['upgrade', 'shop', '--to', '4.0.0'], env, open);
  t.equal(text.code, 0);
  t.same(
    text.stdout.slice(0, 2),
    [
      'Moving client "shop" from 2.0.0 to 4.0.0 changes, with its calls of the last 30 days, in the test store:',
      'version  calls  operations                         change',
    ],
    'a line saying what, then the table',
  );
  t.match(text.stdout[4], /^3\.0\.0 +0 +GET \/cats\/\{id\}\/ +CatViewSet\.retrieve introduced$/, 'a row a change');
  t.equal(text.stdout.length, 7, 'five changes');

  const refusals: [string[], RegExp][] = [
    [['upgrade', 'shop', '--to', '2.0.0'], /^clients: Cannot upgrade to "2\.0\.0": it is not newer than your pinned version 2\.0\.0\.$/],
    [['upgrade', 'shop', '--to', '9.9.9'], /^clients: Cannot upgrade to "9\.9\.9": Unsupported version "9\.9\.9"/],
    [['upgrade', 'nobody', '--to', '4.0.0'], /^clients: no client is named "nobody"$/],
    [['upgrade', 'gone', '--to', '4.0.0'], /^clients: client "gone" is revoked$/],
    [['upgrade', 'newest', '--to', NEWEST_VERSION], /not newer than your pinned version/],
  ];
  for (const [args, message] of refusals) {
    const refused = await clients(args, env, open);
    t.equal(refused.code, 1, `${args.join(' ')}: exit 1`);
    t.match(refused.stderr, [message], `${args.join(' ')}: named`);
    t.same(refused.stdout, [], 'nothing on stdout');
  }
});

t.test('upgrade with STORAGE=memory: the changes, the calls unknown (null, not 0), and where to get them', async (t) => {
  const { env } = clientsFile(t);
  t.equal((await clients(['create', 'shop', '--version', '4.0.0'], env)).code, 0);
  const json = await clients(['upgrade', 'shop', '--to', '5.0.0', '--json'], env);
  t.same(JSON.parse(json.stdout.join('\n')), {
    from: '4.0.0',
    to: '5.0.0',
    changes: [{ version: '5.0.0', description: 'CatViewSet removed', operations: ['GET /cats/', 'GET /cats/{id}/'], calls: null }],
  });
  const text = await clients(['upgrade', 'shop', '--to', '5.0.0'], env);
  t.equal(text.code, 0);
  t.match(text.stdout[0], /^Moving client "shop" from 4\.0\.0 to 5\.0\.0 changes in CLIENTS_FILE /);
  t.match(text.stdout[2], /^5\.0\.0 +- +GET \/cats\/, GET \/cats\/\{id\}\/ +CatViewSet removed$/, 'calls: -');
  t.equal(
    text.stdout.at(-1),
    "With STORAGE=memory the calls are counted in the service's process only: GET /client/upgrade?to=5.0.0 with the client's key gives them.",
  );
});

t.test('upgrade to a version that changes nothing the client receives or sends: said in a line', async (t) => {
  const { API_HISTORY } = await import('../src/domain/api-history/bundle.js');
  const { defineVersion } = await import('../src/domain/versioning/version-declaration.js');
  const { VersionModel } = await import('../src/domain/versioning/version-model.js');
  const quiet = defineVersion<HistoryOptions>(NEXT_VERSION, { notes: ['Only a note.'], records: () => [], views: [] });
  const model = VersionModel.build(
    { ...API_HISTORY, versions: [quiet, ...API_HISTORY.versions] },
    { ageRemoval: 'computed' },
    { defaultVersion: 'latest' },
  );
  const { env } = clientsFile(t);
  t.equal((await clients(['create', 'shop'], env, openClientsFile, { model })).code, 0);
  t.equal((await clients(['pin', 'shop', NEWEST_VERSION], env, openClientsFile, { model })).code, 0);
  const run = await clients(['upgrade', 'shop', '--to', NEXT_VERSION], env, openClientsFile, { model });
  t.equal(run.code, 0, run.stderr.join('\n'));
  t.same(run.stdout, [`Moving client "shop" from ${NEWEST_VERSION} to ${NEXT_VERSION} changes nothing it receives or sends.`]);
});

t.test("the self-service the command points to is where the API places the clients' routes, and none when it leaves them out", async (t) => {
  const upgradeLine = (run: Run): string | undefined => run.stdout.find((line) => line.includes('30 days (STORAGE=postgres; '))?.trim();
  const unknown = "the service's own upgrade report gives them with memory";
  t.ok(clientsHelp('npm run clients --').includes(`30 days (STORAGE=postgres; ${unknown})`), 'with no API known: no route named');
  for (const [placed, help, note] of [
    ['/client/', "the service's GET /client/upgrade?to=V gives them with memory", ": GET /client/upgrade?to=4.0.0 with the client's key gives them."],
    ['/me/', "the service's GET /me/upgrade?to=V gives them with memory", ": GET /me/upgrade?to=4.0.0 with the client's key gives them."],
    [
      false,
      "with memory, only the service's process has them, and the API serves no upgrade report",
      ", and the API serves no upgrade report (its clients' routes are left out): use STORAGE=postgres to count them.",
    ],
  ] as const) {
    await t.test(`clients at ${String(placed)}`, async (t) => {
      const api = defineApi({ collections: [ORDERS], versions: SHOP_VERSIONS, endpoints: { clients: placed } });
      const { env } = clientsFile(t);
      const run = (args: readonly string[]) => clients(args, env, openClientsFile, {}, api);
      t.equal(upgradeLine(await run(['--help'])), `30 days (STORAGE=postgres; ${help})`, '--help');
      t.equal((await run(['create', 'shop', '--version', '3.0.0'])).code, 0);
      const upgrade = await run(['upgrade', 'shop', '--to', '4.0.0']);
      t.equal(upgrade.code, 0, upgrade.stderr.join('\n'));
      t.equal(upgrade.stdout.at(-1), `With STORAGE=memory the calls are counted in the service's process only${note}`, 'upgrade with memory');
    });
  }
});
