import t from 'tap';
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
    newestFirst.map((version) => ['/openapi.json', `application/json; version=${version}`, [version]]),
    "service-desc: each version's document, with the media type that asks for it",
  );
  t.same(
    api['service-doc']?.map(({ href, type }) => [href, type]),
    newestFirst.map((version) => [`/docs/?version=${version}`, 'text/html']),
    'service-doc: each version',
  );
  for (const { href, type, version } of api['service-desc'] ?? []) {
    const document = (await (await fetch(`${service.url}${href}`, { headers: { accept: type as string } })).json()) as { info: { version: string } };
    t.equal(document.info.version, version[0], `${version[0]}: the link, followed with its type, is that version's document`);
  }
  for (const { href, version } of (api['service-doc'] ?? []).slice(0, 2)) {
    const page = await fetch(`${service.url}${href}`);
    t.equal(page.status, 200, `${version[0]}: its docs page answers`);
    t.equal(page.headers.get('link'), '</.well-known/api-catalog>; rel="api-catalog"', `${version[0]}: the docs page links the catalog`);
  }
  const head = await fetch(`${service.url}/.well-known/api-catalog`, { method: 'HEAD' });
  t.same([head.status, head.headers.get('content-type'), await head.text()], [200, PROFILE, ''], 'HEAD: the headers, no body');
  const versioned = await fetch(`${service.url}/.well-known/api-catalog`, { headers: { accept: 'application/json; version=9.9.9' } });
  t.equal(versioned.status, 200, 'unversioned: whatever version Accept names');
});

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
      ['/version/my_version/', '3.0.0', ['2027-01-01']],
      ['https://example.com/moving-off-2.1.0', '2.1.0', ['2026-06-01']],
    ],
    "deprecation, newest first: the declared page, else the version's changelog entry, with the date",
  );
  t.same(
    api.sunset?.map(({ href, version, date }) => [href, version[0], date]),
    [['https://example.com/moving-off-2.1.0', '2.1.0', ['2026-12-01']]],
    'sunset: where declared',
  );
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
