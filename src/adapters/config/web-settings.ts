import { corsOrigins, wholeNumber } from './setting-kinds.js';
import type { SettingGroup } from './setting.js';

/** A day: browsers cap a preflight's max-age lower anyway (Chromium at 2 hours, Firefox at 24). */
const MAX_CORS_MAX_AGE = 86_400;
/** A year, the longest max-age RFC 9111 suggests a sender use. */
const MAX_CACHE_MAX_AGE = 31_536_000;

/** What browsers and caches are told: CORS and Cache-Control. */
export const WEB_SETTINGS = {
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
} as const satisfies SettingGroup;
