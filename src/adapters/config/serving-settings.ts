import type { Version } from '../../domain/versioning/version.js';
import { REMOVAL_READINGS } from '../../domain/versioning/removal-reading.js';
import { bindHost, calendarDate, defaultVersion, oneOf, onOff, path, port } from './setting-kinds.js';
import type { SettingGroup } from './setting.js';

/** Where the service listens, what it serves, its default version, its day and its access log. */
export const SERVING_SETTINGS = {
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
      meaning: "a JSON file loaded at start: an object with one array of records per collection of the API, keyed by the collection's name",
      defaultNote: " data: the API's `sample` (the reference API's is `src/domain/api-history/sample-data.ts`)",
      brief: 'JSON loaded at start (memory storage): an array of records per collection name',
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
} as const satisfies SettingGroup;
