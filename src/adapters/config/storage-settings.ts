import { oneOf, postgresUrl, wholeNumber } from './setting-kinds.js';
import type { SettingGroup } from './setting.js';

export const STORAGES = ['memory', 'postgres'] as const;
export type Storage = (typeof STORAGES)[number];
const MAX_POOL_SIZE = 1000;
const MAX_CONNECT_TIMEOUT_MS = 3_600_000;
const MAX_STATEMENT_TIMEOUT_MS = 9_999;
const MAX_WORKERS = 256;

/** Where the records, clients and usage are kept, and how many processes serve. */
export const STORAGE_SETTINGS = {
  STORAGE: {
    kind: oneOf(STORAGES),
    default: 'memory',
    expected: STORAGES.join(' or '),
    doc: {
      meaning:
        '`memory`: the records of `DATA_FILE`, held in the process; `postgres`: a table per collection of the API, named as it, in the database at `DATABASE_URL`',
      brief: '`memory` or `postgres`',
    },
  },
  // A database URL may hold a password.
  DATABASE_URL: {
    kind: postgresUrl,
    unset: 'none',
    expected: 'a URL postgres://user:password@host:port/database',
    secret: true,
    doc: {
      meaning: 'with `STORAGE=postgres` (and only then): `postgres://user:password@host:port/database`. Never echoed in messages with its password',
      brief: '`postgres://user:password@host:port/database`, with `STORAGE=postgres`',
    },
  },
  DATABASE_POOL_SIZE: {
    kind: wholeNumber(1, MAX_POOL_SIZE),
    default: '10',
    expected: `a whole number from 1 to ${MAX_POOL_SIZE}`,
    doc: { meaning: `connections each process keeps to the database, 1 to ${MAX_POOL_SIZE}`, brief: 'connections per process' },
  },
  // The PostgreSQL client gives up on a query after 10 s (postgres-pool.ts); the server's limit is set just under it.
  DATABASE_STATEMENT_TIMEOUT_MS: {
    kind: wholeNumber(1, MAX_STATEMENT_TIMEOUT_MS),
    default: '9500',
    expected: `a whole number of milliseconds from 1 to ${MAX_STATEMENT_TIMEOUT_MS}, under the client's 10000 ms query timeout`,
    doc: {
      meaning:
        `PostgreSQL's \`statement_timeout\` on every pooled connection, 1 to ${MAX_STATEMENT_TIMEOUT_MS} ms: the server stops a ` +
        'statement the client (which waits 10 s) would give up on; a stopped one is a 503',
      brief: "PostgreSQL's `statement_timeout`, under the client's 10 s",
    },
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    kind: wholeNumber(0, MAX_CONNECT_TIMEOUT_MS),
    default: '30000',
    expected: `a whole number of milliseconds from 0 to ${MAX_CONNECT_TIMEOUT_MS}`,
    doc: {
      meaning: `how long the start retries an unreachable database (waits 100 ms, doubling to 5 s) before refusing to start, 0 to ${MAX_CONNECT_TIMEOUT_MS}`,
      brief: 'how long the start retries an unreachable database',
    },
  },
  WORKERS: {
    kind: wholeNumber(1, MAX_WORKERS),
    default: '1',
    expected: `a whole number of processes from 1 to ${MAX_WORKERS}`,
    doc: {
      meaning: `processes serving the port, 1 to ${MAX_WORKERS}: \`1\` is one process; more starts a \`node:cluster\` primary and that many workers`,
      brief: 'processes serving the port (`node:cluster`)',
    },
  },
} as const satisfies SettingGroup;
