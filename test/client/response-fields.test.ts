import t from 'tap';
import { announceLifecycle, deprecationDate, sunsetDate } from '../../client/src/lifecycle-notices.js';
import { linkOf, parseLinks } from '../../client/src/link-relations.js';
import { retryAfterSeconds, VersionRetiredError } from '../../client/src/version-retired-error.js';

const BASE = 'https://api.example.com/v/';

t.test('Link (RFC 8288): targets resolved, parameters unquoted, a list of relations, a broken tail dropped', async (t) => {
  const cases: [string, string, { href: string; params: Record<string, string> }[]][] = [
    ['empty', '', []],
    [
      "the service's list page of a deprecated version",
      '</doggies/?limit=1&starting_after=1>; rel="next", </version/my_version/>; rel="deprecation"; type="application/json; version=3.0.0"',
      [
        { href: 'https://api.example.com/doggies/?limit=1&starting_after=1', params: { rel: 'next' } },
        { href: 'https://api.example.com/version/my_version/', params: { rel: 'deprecation', type: 'application/json; version=3.0.0' } },
      ],
    ],
    [
      'tokens, upper-case names, an escaped quote, a parameter without value, white space',
      ' <page> ;REL=sunset ; title="a \\"b\\"";hreflang ,<https://x.example/>;rel="deprecation sunset"',
      [
        { href: 'https://api.example.com/v/page', params: { rel: 'sunset', title: 'a "b"', hreflang: '' } },
        { href: 'https://x.example/', params: { rel: 'deprecation sunset' } },
      ],
    ],
    ['no target', 'rel="next"', []],
    [
      'garbage after a link: that link is dropped, those before kept',
      '<a>; rel=next, <b>; rel=prev garbage',
      [{ href: 'https://api.example.com/v/a', params: { rel: 'next' } }],
    ],
  ];
  for (const [what, field, links] of cases) t.same(parseLinks(field, BASE), links, what);
  const links = parseLinks('<a>; rel="next", <b>; rel="Deprecation Sunset"', BASE);
  t.equal(linkOf(links, 'sunset'), 'https://api.example.com/v/b', 'a relation among several, case-insensitive');
  t.equal(linkOf(links, 'prev'), null, 'none: null');
  t.equal(linkOf(parseLinks('<a>', BASE), 'next'), null, 'a link without rel has no relation');
});

t.test('Deprecation (RFC 9745) and Sunset (RFC 8594): a date, or undefined when the field does not parse', async (t) => {
  t.same(deprecationDate('@1767225600'), new Date('2026-01-01T00:00:00Z'), 'Unix seconds');
  t.same(deprecationDate(' @-86400 '), new Date('1969-12-31T00:00:00Z'), 'before 1970, white space around');
  for (const field of ['1767225600', '@', '@1.5', 'Thu, 01 Jan 2026 00:00:00 GMT', '@1234567890123456']) {
    t.equal(deprecationDate(field), undefined, `Deprecation: ${field}`);
  }
  t.same(sunsetDate('Tue, 01 Dec 2026 00:00:00 GMT'), new Date('2026-12-01T00:00:00Z'), 'an IMF-fixdate');
  t.equal(sunsetDate('soon'), undefined, 'Sunset: not a date');
});

t.test('Retry-After (RFC 9110): seconds, or an HTTP-date counted from now; null when absent or unreadable', async (t) => {
  const now = Date.parse('2026-11-22T14:00:00Z');
  t.equal(retryAfterSeconds('3600', now), 3600, 'delay-seconds');
  t.equal(retryAfterSeconds('Sun, 22 Nov 2026 15:00:00 GMT', now), 3600, 'an HTTP-date an hour ahead');
  t.equal(retryAfterSeconds('Sun, 22 Nov 2026 13:00:00 GMT', now), 0, 'a date past: at once');
  t.equal(retryAfterSeconds('later', now), null, 'unreadable');
  t.equal(retryAfterSeconds(null, now), null, 'absent');
  t.ok(Math.abs((retryAfterSeconds(new Date(Date.now() + 60_000).toUTCString()) ?? 0) - 60) <= 1, 'from the present instant by default');
});

t.test('a 410 without the JSON body of the API (a proxy of its own): an error all the same, with no date', async (t) => {
  for (const [what, body] of [
    ['HTML', '<h1>Gone</h1>'],
    ['JSON without detail', '{"error":"gone"}'],
  ] as const) {
    const response = new Response(body, { status: 410, headers: { 'Retry-After': '5' } });
    const error = await VersionRetiredError.of(response, '2.1.0');
    t.match(error, { version: '2.1.0', sunset: null, retryAfter: 5, message: 'Version 2.1.0: 410 Gone.' }, what);
    t.equal(await error.response.text(), body, `${what}: the answer's body is still there to read`);
  }
});

t.test('an answer made by a fetch of its own, with no URL: its links resolved against the base URL', async (t) => {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  t.teardown(() => {
    console.warn = original;
  });
  const answer = new Response('{}', { headers: { Deprecation: '@1767225600', Link: '</version/my_version/>; rel="deprecation"' } });
  t.equal(answer.url, '', 'no URL');
  announceLifecycle(answer, 'https://api.example.com', '1.0.0', {});
  t.same(warnings, [
    'version-aware-api-client: API version 1.0.0 at https://api.example.com is deprecated as of 2026-01-01 (https://api.example.com/version/my_version/).',
  ]);
});
