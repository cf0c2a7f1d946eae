import t from 'tap';
import { readSettings, type Environment } from '../../../src/adapters/config/settings.js';
import { SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';

const SUPPORTED = SUPPORTED_VERSIONS.map((version) => Version.parse(version));
const URL = 'postgres://api:secret@db.example.com:5432/dogs';

const message = (env: Environment): string => {
  try {
    readSettings(env, SUPPORTED);
  } catch (error) {
    if (error instanceof StartupError) return error.message;
    throw error;
  }
  return 'accepted';
};

t.test('storage, database and worker settings: valid values', async (t) => {
  const cases: [Environment, Record<string, unknown>, string][] = [
    [{ STORAGE: 'memory' }, { storage: 'memory', databaseUrl: undefined }, 'STORAGE=memory'],
    [{ STORAGE: 'postgres', DATABASE_URL: URL }, { storage: 'postgres', databaseUrl: URL }, 'STORAGE=postgres with a URL'],
    [{ STORAGE: 'postgres', DATABASE_URL: 'postgresql://localhost/dogs' }, { databaseUrl: 'postgresql://localhost/dogs' }, 'the postgresql: scheme'],
    [{ DATABASE_POOL_SIZE: '1' }, { databasePoolSize: 1 }, 'a pool of 1'],
    [{ DATABASE_POOL_SIZE: '1000' }, { databasePoolSize: 1000 }, 'a pool of 1000'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '0' }, { databaseConnectTimeoutMs: 0 }, 'no retry at start'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '3600000' }, { databaseConnectTimeoutMs: 3_600_000 }, 'an hour of retries'],
    [{}, { databaseStatementTimeoutMs: 9_500 }, "statement_timeout by default just under the client's 10 s query timeout"],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '1' }, { databaseStatementTimeoutMs: 1 }, 'the shortest statement_timeout'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '9999' }, { databaseStatementTimeoutMs: 9_999 }, 'the longest statement_timeout'],
    [{ WORKERS: '1' }, { workers: 1 }, 'one process'],
    [{ WORKERS: '4' }, { workers: 4 }, 'four workers'],
    [{ WORKERS: '256' }, { workers: 256 }, '256 workers'],
  ];
  for (const [env, expected, what] of cases) t.match(readSettings(env, SUPPORTED), expected, what);
});

t.test('storage, database and worker settings: bad values are named', async (t) => {
  const cases: [Environment, RegExp, string][] = [
    [{ STORAGE: 'sqlite' }, /STORAGE="sqlite" is not valid: expected memory or postgres/, 'an unknown storage'],
    [{ STORAGE: 'Postgres', DATABASE_URL: URL }, /STORAGE="Postgres" is not valid/, 'postgres in another case'],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE="0" is not valid: expected a whole number from 1 to 1000/, 'an empty pool'],
    [{ DATABASE_POOL_SIZE: '1001' }, /DATABASE_POOL_SIZE="1001"/, 'too large a pool'],
    [{ DATABASE_POOL_SIZE: '2.5' }, /DATABASE_POOL_SIZE="2\.5"/, 'a fractional pool'],
    [
      { DATABASE_CONNECT_TIMEOUT_MS: '-1' },
      /DATABASE_CONNECT_TIMEOUT_MS="-1" is not valid: expected a whole number of milliseconds/,
      'a negative timeout',
    ],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '30s' }, /DATABASE_CONNECT_TIMEOUT_MS="30s"/, 'a timeout with a unit'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '3600001' }, /DATABASE_CONNECT_TIMEOUT_MS="3600001"/, 'more than an hour'],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '0' },
      /DATABASE_STATEMENT_TIMEOUT_MS="0" is not valid: expected a whole number of milliseconds from 1 to 9999, under the client's 10000 ms query timeout/,
      'no statement_timeout',
    ],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '10000' }, /DATABASE_STATEMENT_TIMEOUT_MS="10000"/, 'a statement_timeout the client would not wait for'],
    [{ WORKERS: '0' }, /WORKERS="0" is not valid: expected a whole number of processes from 1 to 256/, 'no workers'],
    [{ WORKERS: '257' }, /WORKERS="257"/, 'too many workers'],
    [{ WORKERS: 'auto' }, /WORKERS="auto"/, 'a word'],
  ];
  for (const [env, expected, what] of cases) t.match(message(env), expected, what);
});

t.test('a bad DATABASE_URL is refused without echoing it: it may hold a password', async (t) => {
  for (const url of ['not a url', 'mysql://u:secret@host/db', 'postgres:///db', 'http://u:secret@host/db', '']) {
    const text = message({ STORAGE: 'postgres', DATABASE_URL: url });
    t.match(
      text,
      /DATABASE_URL \(value not shown\) is not valid: expected a URL postgres:\/\/user:password@host:port\/database/,
      `${JSON.stringify(url)} is refused`,
    );
    t.notMatch(text, /secret/, `${JSON.stringify(url)}: the password is not shown`);
  }
});

t.test('storage combinations that cannot work are refused with their fix', async (t) => {
  t.match(message({ STORAGE: 'postgres' }), /STORAGE="postgres" needs DATABASE_URL/, 'postgres without a URL');
  t.match(
    message({ STORAGE: 'postgres', DATABASE_URL: URL, DATA_FILE: 'data.json' }),
    /DATA_FILE is not read with STORAGE="postgres": load the file into the database with `npm run load-data -- FILE`/,
    'postgres with a data file',
  );
  t.match(
    message({ STORAGE: 'postgres', DATABASE_URL: URL, CLIENTS_FILE: 'clients.json' }),
    /CLIENTS_FILE is not read with STORAGE="postgres": the clients are kept in the database/,
    'postgres with a clients file',
  );
  t.match(
    message({ DATABASE_URL: URL }),
    /DATABASE_URL is set but STORAGE is "memory".*set STORAGE=postgres, or unset DATABASE_URL/,
    'a URL with the default storage',
  );
  t.match(message({ STORAGE: 'memory', DATABASE_URL: URL }), /DATABASE_URL is set but STORAGE is "memory"/, 'a URL with STORAGE=memory');
  const both = message({ STORAGE: 'postgres', PORT: 'x' });
  t.match(both, /^bad settings: PORT="x".*; STORAGE="postgres" needs DATABASE_URL/, 'a conflict is listed with the other problems');
  t.notMatch(message({ STORAGE: 'sqlite', DATABASE_URL: URL }), /STORAGE is "memory"/, 'a bad STORAGE is not mistaken for memory');
});
