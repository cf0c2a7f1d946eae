import { bindHost, path, port } from './setting-kinds.js';
import type { SettingGroup } from './setting.js';

/** Where spooled usage counts wait, and the metrics listener. */
export const OPERATIONS_SETTINGS = {
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
} as const satisfies SettingGroup;
