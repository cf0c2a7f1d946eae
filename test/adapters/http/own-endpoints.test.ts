import t, { type Test } from 'tap';
import { defineApi, type ApiDeclaration } from '../../../src/api-definition.js';
import { composeApi } from '../../../src/container.js';
import { versionedFetch } from '../../../src/adapters/http/mounts/fetch-mount.js';
import { bearer, keyedClient, withClients, type KeyedClient } from '../../fixtures/clients.js';
import { defineOperations } from '../../../src/adapters/http/operations/operation-declaration.js';
import { StartupError } from '../../../src/domain/errors/startup-error.js';
import { scratchSpool, startService } from '../../fixtures/service.js';
import { ORDERS, SHOP_VERSIONS } from '../../fixtures/shop-api.js';

type Endpoints = NonNullable<ApiDeclaration<undefined>['endpoints']>;
interface Document {
  info: { description: string };
  paths: Record<string, unknown>;
}
type Linkset = { linkset: [Record<string, { href: string }[]>] };

const at = (version: string) => ({ accept: `application/json; version=${version}` });
const SAMPLE = {
  orders: [
    { id: 1, amount: { value: 1250, currency: 'USD' }, state: 'paid' },
    { id: 2, amount: { value: 300, currency: 'EUR' }, state: 'placed' },
  ],
};
const shopWith = (endpoints: Endpoints) => defineApi({ collections: [ORDERS], versions: SHOP_VERSIONS, sample: SAMPLE, endpoints });
const DEFAULT_PATHS = ['/openapi.json', '/docs/', '/version/', '/version/my_version/', '/.well-known/api-catalog', '/health/', '/client/'];

t.test('each endpoint placed where the API names it answers there, and its old path is a 404', async (t) => {
  const api = shopWith({
    openapi: '/api/openapi.json',
    docs: '/api/docs/',
    changelog: '/api/versions/',
    catalog: '/api/catalog',
    health: '/ops/health',
    clients: '/me/',
  });
  const service = await startService(t, {}, {}, api);
  for (const [method, path, status] of [
    ['GET', '/api/openapi.json', 200],
    ['GET', '/api/docs/', 200],
    ['GET', '/api/versions/', 200],
    ['GET', '/api/versions/my_version/', 200],
    ['GET', '/api/catalog', 200],
    ['GET', '/ops/health', 200],
    ['GET', '/me/', 401],
    ['PUT', '/me/version', 401],
    ['GET', '/me/usage/', 401],
    ['GET', '/me/upgrade?to=4.0.0', 401],
    ...DEFAULT_PATHS.map((path) => ['GET', path, 404] as const),
    ['GET', '/client/usage/', 404],
  ] as const)
    t.equal((await fetch(`${service.url}${path}`, { method })).status, status, `${method} ${path}`);

  const catalog = await fetch(`${service.url}/api/catalog`);
  t.equal(catalog.headers.get('link'), '</api/catalog>; rel="api-catalog"', 'the catalog names itself where it is');
  const [links] = ((await catalog.json()) as Linkset).linkset;
  t.ok(
    links['service-desc']?.every(({ href }) => href.startsWith('/api/openapi.json?version=')),
    'service-desc: the moved documents',
  );
  t.ok(
    links['service-doc']?.every(({ href }) => href.startsWith('/api/docs/?version=')),
    'service-doc: the moved docs page',
  );
  t.same(
    links.deprecation?.map(({ href }) => href),
    ['/api/versions/my_version/?version=1.0.0'],
    'deprecation: the moved changelog entry',
  );

  const page = await fetch(`${service.url}/api/docs/?version=4.0.0`);
  t.equal(page.headers.get('link'), '</api/catalog>; rel="api-catalog"', 'the page links the moved catalog');
  const html = await page.text();
  t.match(html, 'href="/api/docs/?version=1.0.0"', "the picker's links follow the page");
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] as string);
  t.equal(scripts.length, 2);
  for (const script of scripts) {
    t.ok(script.startsWith('/api/docs/'), `${script} is below the page`);
    t.equal((await fetch(`${service.url}${script}`)).status, 200, `${script} answers`);
  }

  const orders = await fetch(`${service.url}/orders/`, { headers: at('1.0.0') });
  t.equal(orders.status, 200);
  t.equal(
    orders.headers.get('link')?.split(', ')[0],
    '</api/versions/my_version/>; rel="deprecation"; type="application/json; version=1.0.0"',
    'the deprecation links the moved changelog entry',
  );

  const document = (await (await fetch(`${service.url}/api/openapi.json?version=4.0.0`)).json()) as Document;
  t.same(
    Object.keys(document.paths).sort(),
    [
      '/api/catalog',
      '/api/openapi.json',
      '/api/versions/',
      '/api/versions/my_version/',
      '/me/',
      '/me/upgrade',
      '/me/usage/',
      '/me/version',
      '/ops/health',
      '/orders/',
      '/orders/{id}/',
    ],
    'the documents list the moved paths',
  );
  t.match(document.info.description, 'which `GET /me/` shows and `PUT /me/version` moves.');
  t.match(JSON.stringify(document.paths['/me/version']), 'read `GET /me/` and try again');
});

t.test('an endpoint left out is not served, listed or linked', async (t) => {
  const service = await startService(t, {}, {}, shopWith({ docs: false, changelog: false, health: false, clients: false }));
  for (const path of ['/docs/', '/version/', '/version/my_version/', '/health/', '/client/', '/client/upgrade'])
    t.equal((await fetch(`${service.url}${path}`)).status, 404, path);
  const [links] = ((await (await fetch(`${service.url}/.well-known/api-catalog`)).json()) as Linkset).linkset;
  t.same(Object.keys(links), ['anchor', 'service-desc'], 'no docs page, and no changelog entry to explain a deprecation');
  const page = await fetch(`${service.url}/orders/?limit=1`, { headers: at('1.0.0') });
  t.equal(page.status, 200);
  t.ok(page.headers.get('deprecation'), 'still deprecated');
  t.equal(page.headers.get('link'), '</orders/?limit=1&starting_after=1>; rel="next"', 'the page’s own links only');
  const document = (await (await fetch(`${service.url}/openapi.json?version=4.0.0`)).json()) as Document;
  t.same(Object.keys(document.paths).sort(), ['/.well-known/api-catalog', '/openapi.json', '/orders/', '/orders/{id}/']);
  t.notMatch(document.info.description, '/client/');
  t.match(document.info.description, 'is served at its pinned version.\n\n');
  t.notMatch(JSON.stringify(document.paths['/.well-known/api-catalog']), 'service-doc');
});

t.test('the catalog is left out with the documents; the docs page then links no catalog', async (t) => {
  const service = await startService(t, {}, {}, shopWith({ openapi: false }));
  for (const [path, status] of [
    ['/openapi.json', 404],
    ['/.well-known/api-catalog', 404],
    ['/version/', 200],
  ] as const)
    t.equal((await fetch(`${service.url}${path}`)).status, status, path);
  const page = await fetch(`${service.url}/docs/`);
  t.equal(page.status, 200);
  t.equal(page.headers.get('link'), null);
});

t.test('a wrong placement refuses the start, naming each problem', async (t) => {
  const refused = (endpoints: unknown, api: Partial<ApiDeclaration<undefined>> = {}): string =>
    (t.throws(() => defineApi({ collections: [ORDERS], versions: SHOP_VERSIONS, ...api, endpoints: endpoints as Endpoints }), StartupError) as Error)
      .message;
  const message = refused({ openapi: 'api/openapi.json', docs: '/docs', health: '/a/:id', clients: true, catalog: 3, redoc: '/r' });
  for (const expected of [
    "endpoints.redoc is not one of the layer's endpoints (openapi, docs, changelog, catalog, health, clients)",
    'endpoints.openapi "api/openapi.json" is not a path such as "/openapi.json", nor false to leave it out',
    'endpoints.docs "/docs" is not a path such as "/docs/" (a folder: it ends with /), nor false',
    'endpoints.health "/a/:id" is not a path',
    'endpoints.clients true is not a path',
    'endpoints.catalog 3 is not a path',
  ])
    t.ok(message.includes(expected), expected);
  t.match(refused({ openapi: false, catalog: '/catalog' }), 'endpoints.catalog links the OpenAPI documents, which are left out');
  t.match(refused({ health: '/version/my_version/' }), 'endpoints.health and endpoints.changelog are both at /version/my_version/; place them apart');
  t.match(refused({ clients: '/orders/' }), "endpoints.clients is at /orders/, which the API's /orders/ answers; place it elsewhere");
  t.match(refused({ clients: '/orders/' }), "endpoints.clients is at /orders/usage/, which the API's /orders/:id/ answers");
  const notes = defineOperations('NoteViewSet', {
    tag: 'Notes',
    operations: {
      read: {
        method: 'GET',
        path: '/notes/{id}',
        summary: 'A note',
        params: { id: { type: 'string' } },
        responses: { 200: { type: 'object' } },
        handler: () => ({}),
      },
    },
  });
  t.match(
    refused({ openapi: '/notes/openapi' }, { operations: [notes] }),
    "endpoints.openapi is at /notes/openapi, which the API's /notes/{id} answers",
  );
  t.doesNotThrow(
    () => defineApi({ collections: [ORDERS], operations: [notes], versions: SHOP_VERSIONS, endpoints: { health: '/notes/' } }),
    'a parameter is never empty',
  );
});

/** The shop, its clients' self-service where `clients` places it, mounted at `prefix` as a fetch handler; `TODAY` past 1.0.0's sunset. */
async function mountedShop(t: Test, clients: string | false, prefix: string, keyed: readonly KeyedClient[]) {
  const service = await composeApi(
    shopWith({ clients }),
    { TODAY: '2027-06-02', ACCESS_LOG: 'off', USAGE_SPOOL_DIR: await scratchSpool(t) },
    { stdout: () => undefined, stderr: () => undefined },
    withClients(keyed),
  );
  t.teardown(() => service.stop());
  const api = versionedFetch(service, { prefix });
  return (path: string, init: RequestInit = {}) => api(new Request(`http://shop.example${prefix}${path}`, init));
}

t.test("a client's refusals name its self-service where the API places it, below the mount's base, and nothing when it is left out", async (t) => {
  for (const [clients, prefix, pinChange, pinState] of [
    ['/client/', '', 'PUT /client/version', 'GET /client/'],
    ['/me/', '', 'PUT /me/version', 'GET /me/'],
    ['/me/', '/api', 'PUT /api/me/version', 'GET /api/me/'],
    [false, '/api', undefined, undefined],
  ] as const) {
    const what = `clients at ${String(clients)}, mounted at "${prefix}"`;
    const retired = keyedClient('retired-shop', '1.0.0');
    const racing = keyedClient('racing-shop', '2.0.0');
    const send = await mountedShop(t, clients, prefix, [retired, racing]);
    const gone = await send('/orders/', { headers: bearer(retired.key) });
    const { detail } = (await gone.json()) as { detail: string };
    t.equal(gone.status, 410, `${what}: a retired pin`);
    t.match(
      detail,
      pinChange === undefined ? 'no longer served. Name a supported version in the Accept header.' : `Upgrade the pin (${pinChange}) or name`,
      `${what}: the pin change`,
    );
    if (pinChange === undefined) t.notMatch(detail, '/client/', `${what}: no path named`);
    if (clients === false || pinState === undefined) continue;
    // The first change is read (its client with it) before its body comes; a second one moves the pin meanwhile.
    let release: (body: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        release = (text) => {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        };
      },
    });
    const headers = { ...bearer(racing.key), 'content-type': 'application/json' };
    const first = send(`${clients}version`, { method: 'PUT', headers, body, duplex: 'half' });
    t.equal((await send(`${clients}version`, { method: 'PUT', headers, body: '{"version":"3.0.0"}' })).status, 200, `${what}: the second wins`);
    release('{"version":"4.0.0"}');
    const lost = await first;
    t.same(
      [lost.status, await lost.json()],
      [409, { detail: `The pin changed meanwhile (another request, or an operator); read ${pinState} and try again.` }],
      `${what}: the first, refused, names where to read the pin`,
    );
  }
});
