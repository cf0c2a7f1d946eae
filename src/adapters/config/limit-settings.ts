import { wholeNumber } from './setting-kinds.js';
import { duration, MAX_DURATION_MS, type SettingGroup } from './setting.js';

const MIN_HEADER_SIZE = 1_024;
const MAX_HEADER_SIZE = 1_048_576;

/** The server's limits on each client and its drain. */
export const LIMIT_SETTINGS = {
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
} as const satisfies SettingGroup;
