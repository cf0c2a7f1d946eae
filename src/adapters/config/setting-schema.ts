import { REMOVAL_READINGS } from '../../domain/versioning/removal-reading.js';
import type { Version } from '../../domain/versioning/version.js';
import {
  bindHost,
  calendarDate,
  corsOrigins,
  defaultVersion,
  oneOf,
  onOff,
  path,
  port,
  postgresUrl,
  wholeNumber,
  type SettingKind,
} from './setting-kinds.js';
import type { SettingDoc } from './setting-doc.js';

/** One setting: what its text may be, what a refusal says is expected, its default, and what the settings tables say of it. */
export type Setting<T> = {
  readonly kind: SettingKind<T>;
  readonly expected: string | ((supported: readonly Version[]) => string);
  /** A secret's value is never echoed in a refusal. */
  readonly secret?: true;
  /** What the settings tables say of it; every setting of the layer has it, an API's own may not. */
  readonly doc?: SettingDoc | undefined;
} & (
  | {
      /** The text read when the setting is unset, as one would write it. */
      readonly default: string;
    }
  | {
      /** What an unset setting means, in the words of the docs' tables; its value is undefined. */
      readonly unset: string;
    }
);

export const STORAGES = ['memory', 'postgres'] as const;
export type Storage = (typeof STORAGES)[number];
const MAX_POOL_SIZE = 1000;
const MAX_CONNECT_TIMEOUT_MS = 3_600_000;
const MAX_STATEMENT_TIMEOUT_MS = 9_999;
const MAX_WORKERS = 256;
/** The longest duration a timer can wait (2^31 - 1 ms, about 24.8 days); node clamps longer ones to 1 ms. */
const MAX_DURATION_MS = 2_147_483_647;
const MIN_HEADER_SIZE = 1_024;
const MAX_HEADER_SIZE = 1_048_576;
/** A day: browsers cap a preflight's max-age lower anyway (Chromium at 2 hours, Firefox at 24). */
const MAX_CORS_MAX_AGE = 86_400;
/** A year, the longest max-age RFC 9111 suggests a sender use. */
const MAX_CACHE_MAX_AGE = 31_536_000;

const duration = (fallback: string, doc: SettingDoc) =>
  ({
    kind: wholeNumber(1, MAX_DURATION_MS),
    default: fallback,
    expected: `milliseconds, a whole number from 1 to ${MAX_DURATION_MS}`,
    doc,
  }) as const;

/**
 * Every setting of the layer, by its environment variable, in the order they are read and documented: `npm run
 * settings-docs` writes docs/configuration.md's and the README's tables from these (a test checks the files hold
 * them), and the tests read the names here. An API's own settings (defineApi's `settings`, api-setting.ts) are read after them.
 */
export const SETTINGS = {
  PORT: {
    kind: port,
    default: '8000',
    expected: 'a TCP port, a whole number from 0 to 65535',
    doc: { meaning: 'TCP port, 0 to 65535 (0 picks a free one)', brief: 'where to listen' },
  },
  HOST: { kind: bindHost, default: '127.0.0.1', expected: 'an address or host name to bind', doc: { meaning: 'address to bind', briefWith: 'PORT' } },
  DATA_FILE: {
    kind: path,
    unset: 'the bundled sample',
    expected: 'the path of a JSON data file',
    doc: {
      meaning: 'a JSON file `{"dogs": [...], "cats": [...]}` loaded at start',
      defaultNote: ' data (`src/adapters/persistence/sample-data.ts`)',
      brief: 'JSON `{"dogs": [...], "cats": [...]}` loaded at start (memory storage)',
    },
  },
  CLIENTS_FILE: {
    kind: path,
    unset: 'none',
    expected: 'the path of a JSON clients file',
    doc: {
      meaning:
        'with `STORAGE=memory`, the API clients, read at start; written by `npm run clients` ([clients.md](clients.md)); ' +
        'refused with `STORAGE=postgres`, where the clients are in the database',
      defaultNote: ': every caller is anonymous',
      brief: 'the API clients, read at start (memory storage; `npm run clients` writes it)',
    },
  },
  DEFAULT_VERSION: {
    kind: defaultVersion,
    default: 'latest',
    expected: (supported: readonly Version[]) => `latest, earliest or a supported version (${supported.map(String).join(', ')})`,
    doc: {
      meaning:
        'the version of a request that names none: `latest`, `earliest` (the earliest not retired that day: it moves on at a sunset) ' +
        'or a supported version (one retired on the day of the start refuses the start; one retired while running answers 410 ' +
        'and logs one error line a day, see [versioning-lifecycle.md](versioning-lifecycle.md))',
      brief: '`latest`, `earliest` or a supported version',
    },
  },
  REMOVED_IN: {
    kind: oneOf(REMOVAL_READINGS),
    default: 'inclusive',
    expected: REMOVAL_READINGS.join(' or '),
    doc: {
      meaning:
        "`inclusive`: an endpoint or action removed in V is still served at V and gone after it (the spec's reading); " +
        '`exclusive`: gone at V already, as djangorestframework-versioning does',
      brief: '`inclusive`: "removed in V" still served at V; `exclusive`: gone at V',
    },
  },
  TODAY: {
    kind: calendarDate,
    unset: 'the current UTC date',
    expected: 'a real calendar date YYYY-MM-DD',
    doc: { meaning: "`YYYY-MM-DD`: fixes today's date (ages are computed from it)", brief: "`YYYY-MM-DD`: fixes today's date" },
  },
  ACCESS_LOG: {
    kind: onOff,
    default: 'on',
    expected: 'on or off',
    doc: {
      meaning:
        '`on` or `off`: one JSON line per request to stdout (`time`, `method`, `path` without the query, `status`, `version` or null, ' +
        '`duration_ms`, `user_agent`: the first 256 characters of `User-Agent`, or null); `duration_ms` runs until the response is ' +
        'handed to the connection; a client that left before its response was written is logged with status 499. Lines are ' +
        'written together at most 20 ms apart (at once past 64 KiB, and before the process exits), not one write per request. ' +
        'If stdout fails (its reader has gone: EPIPE), stderr gets one error line saying so and the service goes on serving, ' +
        'dropping the access and info lines from then on',
      brief: '`on` or `off`: one JSON line per request on stdout',
    },
  },
  STORAGE: {
    kind: oneOf(STORAGES),
    default: 'memory',
    expected: STORAGES.join(' or '),
    doc: {
      meaning:
        '`memory`: the records of `DATA_FILE`, held in the process; `postgres`: the tables `dogs` and `cats` of the database at `DATABASE_URL`',
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
  HEADERS_TIMEOUT_MS: duration('10000', {
    meaning:
      `how long a client may take to send its request line and headers, in ms (1 to ${MAX_DURATION_MS}); a slower one gets a 408 ` +
      'and is disconnected. It must not exceed `REQUEST_TIMEOUT_MS`',
    brief: 'slow clients get a 408',
  }),
  REQUEST_TIMEOUT_MS: duration('30000', {
    meaning: `how long a client may take to send its whole request, in ms (1 to ${MAX_DURATION_MS})`,
    briefWith: 'HEADERS_TIMEOUT_MS',
  }),
  KEEP_ALIVE_TIMEOUT_MS: duration('5000', {
    meaning: `how long an idle keep-alive connection stays open, in ms (1 to ${MAX_DURATION_MS})`,
    brief: 'idle keep-alive connections close',
  }),
  MAX_HEADER_SIZE: {
    kind: wholeNumber(MIN_HEADER_SIZE, MAX_HEADER_SIZE),
    default: '16384',
    expected: `bytes, a whole number from ${MIN_HEADER_SIZE} to ${MAX_HEADER_SIZE}`,
    doc: {
      meaning: `the largest request line plus header block, in bytes (${MIN_HEADER_SIZE} to ${MAX_HEADER_SIZE}); a larger one gets a 431`,
      brief: 'the largest request head in bytes; larger is a 431',
    },
  },
  MAX_REQUESTS_PER_SOCKET: {
    kind: wholeNumber(0),
    default: '1000',
    expected: 'a whole number, 0 for no limit',
    doc: {
      meaning:
        'requests served on one connection; the last response says `Connection: close` and the connection is closed after it ' +
        '(pipelined requests past it are neither run nor answered, and a client resends them; the connection reads on for up to ' +
        '2 s after the last answer, so that closing it never resets answers already sent); `0` for no limit',
      brief: 'requests per connection (`0`: no limit)',
    },
  },
  DRAIN_TIMEOUT_MS: duration('10000', {
    meaning: `on \`SIGTERM\`/\`SIGINT\`, how long requests in flight may take to finish before their connections are cut, in ms (1 to ${MAX_DURATION_MS})`,
    brief: 'on `SIGTERM`, how long requests in flight may finish',
  }),
  CORS_ORIGINS: {
    kind: corsOrigins,
    default: '*',
    expected:
      '*, none, or a comma-separated list of origins such as https://app.example,http://localhost:3000 (scheme, host and port; no path, no trailing slash)',
    doc: {
      meaning:
        'which web pages on other origins may read the API ([caching-and-cors.md](caching-and-cors.md)): `*` (any; every response ' +
        'says `Access-Control-Allow-Origin: *`), `none`, or a comma-separated list of exact origins as browsers send them ' +
        '(`https://app.example,http://localhost:3000`: scheme, host and port, no path or trailing slash), each echoed to its own ' +
        'requests, with `Vary: Accept, Origin` on every response. Credentials are never allowed',
      brief: '`*`, `none`, or exact origins, comma-separated ([caching](docs/caching-and-cors.md))',
    },
  },
  CORS_MAX_AGE: {
    kind: wholeNumber(0, MAX_CORS_MAX_AGE),
    default: '7200',
    expected: `seconds, a whole number from 0 to ${MAX_CORS_MAX_AGE}`,
    doc: {
      meaning: `\`Access-Control-Max-Age\` of a preflight's answer: how long a browser may reuse it, in seconds (0 to ${MAX_CORS_MAX_AGE}; Chromium caps it at 7200)`,
      brief: 'seconds a browser may reuse a preflight',
    },
  },
  CACHE_MAX_AGE: {
    kind: wholeNumber(0, MAX_CACHE_MAX_AGE),
    default: '0',
    expected: `seconds, a whole number from 0 (no-cache: always revalidate) to ${MAX_CACHE_MAX_AGE}`,
    doc: {
      meaning:
        `seconds a cache may reuse a 200 (or 304) that has an ETag without asking again (0 to ${MAX_CACHE_MAX_AGE}): \`0\` sends ` +
        '`no-cache` (store, but revalidate each time: a cheap 304); above 0, `public, max-age=N`, cut at the end of the UTC day ' +
        "for records (their ages) and at the version's sunset. Errors are always `no-store`",
      brief: '`max-age` of a 200 with an ETag; `0` is `no-cache`',
    },
  },
  USAGE_SPOOL_DIR: {
    kind: path,
    default: 'usage-spool',
    expected: 'the path of a folder',
    doc: {
      meaning:
        'with `STORAGE=postgres`, the folder where a stop puts the request counts the database would not take (it was out of ' +
        'reach), one file per stop, named in the error line with the number of requests in it; the next start stores them and ' +
        'removes the file. Created when first needed, mode 0700; a path that cannot be read refuses the start',
      defaultNote: ' (in the working directory)',
      brief: 'where counts unstored at a stop wait for the next start',
    },
  },
  METRICS_PORT: {
    kind: port,
    unset: 'off',
    expected: 'a TCP port, a whole number from 0 to 65535, other than PORT',
    doc: {
      meaning:
        "a TCP port, 0 to 65535 (0 picks a free one), for `GET /metrics` in Prometheus's text format on a listener of its own; " +
        'it must differ from `PORT` (both `0` is allowed: each gets its own). Unset: no metrics are kept at all. With `WORKERS` ' +
        "> 1 the primary listens and sums every worker's. See [operations.md](operations.md)",
      brief: 'Prometheus `GET /metrics` on a port of its own ([operations](docs/operations.md))',
    },
  },
  METRICS_HOST: {
    kind: bindHost,
    default: '127.0.0.1',
    expected: 'an address or host name to bind',
    doc: {
      meaning: 'the address the metrics listener binds; only with `METRICS_PORT` (set alone, it refuses the start)',
      briefWith: 'METRICS_PORT',
    },
  },
} as const satisfies Readonly<Record<string, Setting<unknown> & { readonly doc: SettingDoc }>>;

export type SettingName = keyof typeof SETTINGS;

/** The value a setting gives: undefined too when it has no default. */
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T>; readonly default: string }
  ? T
  : (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T> }
    ? T | undefined
    : never;

/** Every setting's name, in the schema's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as readonly SettingName[];
