import t, { type Test } from 'tap';
import { LIFECYCLE_TODAY, lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../fixtures/lifecycle-service.js';
import { startService } from '../../fixtures/service.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { ALL_VERSIONS, versionsFrom } from '../../fixtures/versions.js';

const PROFILE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

interface Target {
  href: string;
  type?: string;
  title?: string;
  version: string[];
  date?: string[];
}
type Linkset = { linkset: ({ anchor: string } & Record<string, Target[]>)[] };

t.test('GET /.well-known/api-catalog: a linkset naming each version served, its document and its docs page', async (t) => {
  const service = await startService(t);
  const reply = await fetch(`${service.url}/.well-known/api-catalog`);
  t.equal(reply.status, 200);
  t.equal(reply.headers.get('content-type'), PROFILE, 'RFC 9264 linkset, RFC 9727 profile');
  t.equal(reply.headers.get('link'), '</.well-known/api-catalog>; rel="api-catalog"', 'it names itself');
  const { linkset } = (await reply.json()) as Linkset;
  t.equal(linkset.length, 1, 'one link context, the API');
  const [api] = linkset as [Linkset['linkset'][number]];
  t.equal(api.anchor, '/');
  const newestFirst = [...ALL_VERSIONS].reverse();
  t.same(
    api['service-desc']?.map(({ href, type, version }) => [href, type, version]),
    newestFirst.map((version) => [`/openapi.json?version=${version}`, `application/json; version=${version}`, [version]]),
    "service-desc: each version's document, a URL each, with its media type",
  );
  t.same(
    api['service-doc']?.map(({ href, type }) => [href, type]),
    newestFirst.map((version) => [`/docs/?version=${version}`, 'text/html']),
    'service-doc: each version',
  );
  t.same(
    api.deprecation?.map(({ href, type, version }) => [href, type, version]),
    [['/version/my_version/?version=1.0.0', 'application/json; version=1.0.0', ['1.0.0']]],
    "deprecation: 1.0.0's changelog entry, a URL of its own",
  );
  await followEveryLink(t, service.url, api);
  const head = await fetch(`${service.url}/.well-known/api-catalog`, { method: 'HEAD' });
  t.same([head.status, head.headers.get('content-type'), await head.text()], [200, PROFILE, ''], 'HEAD: the headers, no body');
  const versioned = await fetch(`${service.url}/.well-known/api-catalog`, { headers: { accept: 'application/json; version=9.9.9' } });
  t.equal(versioned.status, 200, 'unversioned: whatever version Accept names');
});

/**
 * Fetches every link of the catalog on this host as it is, with no header (as a crawler or an API portal would), and
 * checks that each answers the version it names: a document's `info.version`, a docs page's version, a changelog entry's.
 */
async function followEveryLink(t: Test, url: string, api: Record<string, string | Target[]>): Promise<void> {
  for (const [rel, targets] of Object.entries(api)) {
    if (rel === 'anchor') continue;
    for (const { href, type, version } of targets as Target[]) {
      const what = `${rel} ${href}`;
      if (!href.startsWith('/')) continue;
      const named = version[0] as string;
      const reply = await fetch(`${url}${href}`, { headers: {} });
      t.equal(reply.status, 200, `${what}: 200`);
      if (type === 'text/html') {
        const page = await reply.text();
        t.match(page, `<title>API docs: version ${named}</title>`, `${what}: the docs page of ${named}`);
        t.match(page, `aria-current="page">${named}</a>`, `${what}: its picker marks ${named}`);
        continue;
      }
      t.equal(reply.headers.get('content-type'), type, `${what}: the media type the link says`);
      const body = (await reply.json()) as { info?: { version: string }; version?: string };
      t.equal(rel === 'service-desc' ? body.info?.version : body.version, named, `${what}: ${named}'s, as the link names it`);
    }
  }
}

t.test("the catalog names each version's deprecation and sunset where declared, and only the versions served that day", async (t) => {
  const service = await startWithModel(t, lifecycleModel(), new TestClock(LIFECYCLE_TODAY));
  const { linkset } = (await (await fetch(`${service.url}/.well-known/api-catalog`)).json()) as Linkset;
  const [api] = linkset as [Linkset['linkset'][number]];
  const served = [...versionsFrom('2.1.0')].reverse();
  t.same(
    api['service-desc']?.map(({ version }) => version[0]),
    served,
    '1.0.0 and 2.0.0 past their sunsets: not listed',
  );
  t.same(
    api.deprecation?.map(({ href, version, date }) => [href, version[0], date]),
    [
      ['/version/my_version/?version=3.0.0', '3.0.0', ['2027-01-01']],
      ['https://example.com/moving-off-2.1.0', '2.1.0', ['2026-06-01']],
    ],
    "deprecation, newest first: the declared page, else the version's changelog entry, with the date",
  );
  t.same(
    api.sunset?.map(({ href, version, date }) => [href, version[0], date]),
    [['https://example.com/moving-off-2.1.0', '2.1.0', ['2026-12-01']]],
    'sunset: where declared',
  );
  await followEveryLink(t, service.url, api);
});

t.test("the catalog is in every version's document, unversioned, with its media type", async (t) => {
  const service = await startService(t);
  const document = (await (await fetch(`${service.url}/openapi.json`)).json()) as {
    paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown> }>; parameters?: { name: string }[] } }>;
  };
  const operation = document.paths['/.well-known/api-catalog']?.get;
  t.ok(operation?.responses['200']?.content?.[PROFILE], 'its 200 is a linkset');
  t.notOk(
    operation?.parameters?.some(({ name }) => name === 'Api-Version'),
    'no Api-Version: unversioned',
  );
});
