import t from 'tap';
import { SystemClock } from '../../../../src/adapters/clock/system-clock.js';
import type { EncodedBody } from '../../../../src/adapters/http/response/prepared-bodies.js';
import { DocsRoutes } from '../../../../src/adapters/http/docs/docs-routes.js';
import { REDOCLY_LOGO_URL, withoutOutsideRequests } from '../../../../src/adapters/http/docs/redoc-bundle.js';
import type { ApiContracts, VersionSummary } from '../../../../src/adapters/http/openapi/api-contracts.js';
import type { RouteResponse } from '../../../../src/adapters/http/routing/route-request.js';
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';
import { embedded, picker, scriptPaths } from '../../../fixtures/docs/docs-page-reading.js';
import { fixtureContracts } from '../../../fixtures/docs/fixture-contracts.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';

/** The clock each DocsRoutes of this file is asked on, as the request handler reads it once per request. */
const clocks = new WeakMap<DocsRoutes, SystemClock>();

/** The docs routes over `contracts`, on the UTC day of `now()`. */
function docsRoutes(contracts: ApiContracts, now: () => number = () => Date.parse('2026-11-22T12:00:00Z')): DocsRoutes {
  const routes = new DocsRoutes(contracts, buildReferenceModel());
  clocks.set(routes, new SystemClock(now));
  return routes;
}

function open(routes: DocsRoutes, query: string): RouteResponse & { readonly html: string } {
  const page = routes.all.find((route) => route.pattern === '/docs/');
  const response = page?.handle({
    version: undefined,
    base: '',
    path: '/docs/',
    params: {},
    query: new URLSearchParams(query),
    today: (clocks.get(routes) as SystemClock).today(),
    client: undefined,
  }) as RouteResponse;
  return { ...response, html: (response.body as EncodedBody).bytes.toString() };
}

t.test('the picker badges deprecated versions from their date on, and retired ones from their sunset', async (t) => {
  const history: VersionSummary[] = [
    { version: '4.0.0', notes: ['Removed Dog.age'], deprecated: null, sunset: null, brownouts: [] },
    { version: '2.1.0', notes: ['Added Dog.age'], deprecated: '2026-11-22', sunset: '2026-11-23', brownouts: [] },
    { version: '2.0.0', notes: ['Added the dog detail view'], deprecated: '2026-06-01', sunset: '2026-11-22', brownouts: [] },
    { version: '1.0.0', notes: ['Initial version'], deprecated: '2026-01-01', sunset: '2026-02-01', brownouts: [] },
  ];
  const contracts = fixtureContracts(history);
  const retiredAfterSunset: ApiContracts = {
    versions: contracts.versions,
    document: (version) => (version === '2.0.0' || version === '1.0.0' ? undefined : contracts.document(version)),
  };
  const routes = docsRoutes(retiredAfterSunset);
  t.same(picker(open(routes, 'version=4.0.0').html).badges, { '2.1.0': 'deprecated', '2.0.0': 'retired', '1.0.0': 'retired' }, 'on 2026-11-22');
  const before = docsRoutes(retiredAfterSunset, () => Date.parse('2025-12-31T00:00:00Z'));
  t.same(picker(open(before, 'version=4.0.0').html).badges, {}, 'on 2025-12-31: none yet');
  const retired = open(routes, 'version=2.0.0');
  t.equal(retired.status, 410, 'a retired version no longer described: 410');
  t.match(retired.html, 'Version 2.0.0 was retired on 2026-11-22; pick a version below.');
  t.equal(picker(retired.html).current, '2.0.0', 'marked in the picker');
  t.same(scriptPaths(retired.html), [], 'no redoc');
  t.equal(open(routes, 'version=2.1.0').status, 200, 'deprecated, not retired: shown');
});

t.test('the badges follow the date in a running process: past midnight UTC the page is built again', async (t) => {
  let now = Date.parse('2025-12-31T23:59:59Z');
  const routes = docsRoutes(fixtureContracts(), () => now);
  const before = open(routes, 'version=2.1.0');
  t.notMatch(before.html, 'badge deprecated', 'on 2025-12-31, 1.0.0 is not deprecated yet');
  t.equal(open(routes, 'version=2.1.0').body, before.body, 'the same day: the page built once');
  now += 1000;
  t.match(open(routes, 'version=2.1.0').html, '1.0.0</a><span class="badge deprecated">deprecated</span>', 'on 2026-01-01 it is');
});

t.test('the picker lists the brownouts not yet over, in UTC', async (t) => {
  const history: VersionSummary[] = [
    { version: '4.0.0', notes: [], deprecated: null, sunset: null, brownouts: [] },
    {
      version: '2.1.0',
      notes: [],
      deprecated: '2026-06-01',
      sunset: '2026-12-01',
      brownouts: [
        { start: '2026-11-21T14:00:00Z', end: '2026-11-21T15:00:00Z' },
        { start: '2026-11-21T23:00:00Z', end: '2026-11-22T00:00:00Z' },
        { start: '2026-11-22T00:00:00Z', end: '2026-11-22T01:00:00Z' },
        { start: '2026-11-25T14:00:00Z', end: '2026-11-25T15:00:00Z' },
      ],
    },
  ];
  const { html } = open(docsRoutes(fixtureContracts(history)), 'version=4.0.0');
  t.match(
    html,
    '2.1.0</a><span class="badge deprecated">deprecated</span>\n<p class="brownouts">Brownouts (410, UTC): 2026-11-22T00:00:00Z to 2026-11-22T01:00:00Z; 2026-11-25T14:00:00Z to 2026-11-25T15:00:00Z</p>',
    'on 2026-11-22: the one of today and the one to come, not those over by midnight',
  );
  t.equal(html.match(/class="brownouts"/g)?.length, 1, 'none under a version without brownouts');
});

t.test('everything put in the page is escaped for where it goes', async (t) => {
  const hostile = '<img src=x onerror="alert(1)"> & \'quotes\'';
  const contracts: ApiContracts = {
    versions: [
      { version: '1.0.0', notes: [hostile], deprecated: null, sunset: null, brownouts: [] },
      { version: '0.9.0', notes: [], deprecated: null, sunset: null, brownouts: [] },
    ],
    document: (version) =>
      version === '1.0.0'
        ? { openapi: '3.1.0', info: { title: '</script><script>alert(1)</script>', version, description: `${hostile} \u2028` }, paths: {} }
        : undefined,
  };
  const { html } = open(docsRoutes(contracts), 'version=1.0.0');
  t.match(html, '<li>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</li>', 'notes: HTML-escaped');
  t.notMatch(html, '<img', 'no element from the notes');
  t.notMatch(html, '</script><script>alert', 'the document cannot end its script element');
  t.same(embedded(html), contracts.document('1.0.0'), 'the embedded document reads back unchanged');
  t.match(html, '<li><a href="/docs/?version=0.9.0">0.9.0</a></li>', 'a version with no notes: listed bare');
});

t.test("redoc's bundle: its one address on another host replaced, or the start refused naming it", async (t) => {
  const bundle = `before("${REDOCLY_LOGO_URL}")after\n//# sourceMappingURL=redoc.standalone.js.map\n`;
  t.equal(withoutOutsideRequests(bundle), 'before("data:,")after\n', 'the logo: an image that fails, so none is shown; the map comment gone');
  for (const [label, text, count] of [
    ['absent', 'before()after', 0],
    ['twice', `"${REDOCLY_LOGO_URL}""${REDOCLY_LOGO_URL}"`, 2],
  ] as const) {
    t.throws(
      () => withoutOutsideRequests(text),
      new StartupError(
        `redoc's bundle names ${REDOCLY_LOGO_URL} ${count} times, not once: check the redoc version package.json pins, ` +
          'and what the new bundle loads from other hosts (docs/docs-page.md).',
      ),
      label,
    );
  }
});
