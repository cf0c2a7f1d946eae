import t from 'tap';
import { DOCS_PAGE_CSP } from '../../../../src/adapters/http/docs/content-security-policy.js';
import { DOCS_PAGE_SCRIPT } from '../../../../src/adapters/http/docs/docs-page-script.js';
import { REDOCLY_LOGO_URL } from '../../../../src/adapters/http/docs/redoc-bundle.js';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { embedded, picker, scriptPaths } from '../../../fixtures/docs/docs-page-reading.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';

const HTML = 'text/html; charset=utf-8';
const NEWEST = SUPPORTED_VERSIONS[0] as string;
const EARLIEST = SUPPORTED_VERSIONS.at(-1) as string;

t.test('GET /docs/ opens the default version: HTML, a strict CSP, the picker newest first, the document embedded', async (t) => {
  const service = await startService(t);
  const response = await fetch(`${service.url}/docs/`);
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), HTML);
  t.equal(response.headers.get('content-security-policy'), DOCS_PAGE_CSP);
  t.match(DOCS_PAGE_CSP, /^default-src 'none'; script-src 'self'; /, 'nothing allowed unless named; scripts from the service only');
  t.equal(response.headers.get('x-content-type-options'), 'nosniff');
  t.equal(response.headers.get('cache-control'), 'no-cache');
  const html = await response.text();
  t.same(picker(html).versions, SUPPORTED_VERSIONS, 'every version, newest first');
  t.equal(picker(html).current, NEWEST, 'the default version (the newest)');
  const openapi = await fetch(`${service.url}/openapi.json`);
  t.same(embedded(html), await openapi.json(), 'the document /openapi.json answers without Accept');
  t.match(html, '<li>Initial version</li>', 'notes under each version');
  t.notMatch(html, /<script>/, 'no inline script');
  t.equal(scriptPaths(html).length, 2, "redoc's bundle and the page's script");
});

t.test('/docs/?version=X opens that version; DEFAULT_VERSION picks the one opened without', async (t) => {
  const service = await startService(t);
  for (const version of SUPPORTED_VERSIONS) {
    const html = await (await fetch(`${service.url}/docs/?version=${version}`)).text();
    t.equal(picker(html).current, version, `${version}: marked`);
    t.match(html, `<title>API docs: version ${version}</title>`, `${version}: the title`);
    const openapi = await fetch(`${service.url}/openapi.json`, { headers: acceptVersion(version) });
    t.same(embedded(html), await openapi.json(), `${version}: the document /openapi.json answers at it`);
  }
  const html = await (await fetch(`${service.url}/docs/?version=2.1.0`)).text();
  const again = await fetch(`${service.url}/docs/?version=2.1.0`);
  t.equal(await again.text(), html, 'the same page again');
  const earliest = await startService(t, { DEFAULT_VERSION: 'earliest' });
  t.equal(picker(await (await fetch(`${earliest.url}/docs/`)).text()).current, EARLIEST, 'DEFAULT_VERSION=earliest');
});

t.test('an unknown, malformed or repeated version, or a parameter the page does not take, shows the picker and says why, never a 500', async (t) => {
  const service = await startService(t);
  const cases: [string, number, string][] = [
    ['version=9.9.9', 404, 'There is no version &quot;9.9.9&quot;; pick one of the versions below.'],
    ['version=2.1', 404, 'There is no version &quot;2.1&quot;; pick one of the versions below.'],
    ['version=', 404, 'There is no version &quot;&quot;; pick one of the versions below.'],
    ['version=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404, 'There is no version &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;'],
    [`version=${'9'.repeat(5000)}`, 404, `There is no version &quot;${'9'.repeat(40)}…&quot;`],
    ['version=2.1.0&version=4.0.0', 400, 'Give &quot;version&quot; once; it was given 2 times.'],
    [
      'v=2.1.0',
      400,
      'Unknown query parameter &quot;v&quot;; this path accepts only &quot;version&quot; (the version picker&#39;s: /docs/?version=X.Y.Z).',
    ],
    ['version=2.1.0&%3Cscript%3E=1', 400, 'Unknown query parameter &quot;&lt;script&gt;&quot;; this path accepts only &quot;version&quot;'],
    [`${'&'.repeat(64)}version=2.1.0`, 400, 'The query string has more than 64 parameters; the limit is 64.'],
  ];
  for (const [query, status, message] of cases) {
    const label = query.slice(0, 40);
    const response = await fetch(`${service.url}/docs/?${query}`);
    t.equal(response.status, status, `${label}: ${status}`);
    t.equal(response.headers.get('content-type'), HTML, `${label}: a page`);
    t.equal(response.headers.get('content-security-policy'), DOCS_PAGE_CSP, `${label}: the same CSP`);
    t.equal(response.headers.get('x-content-type-options'), 'nosniff', `${label}: nosniff`);
    const html = await response.text();
    t.match(html, `<p class="message" role="alert">${message}`, `${label}: the message`);
    t.same(picker(html).versions, SUPPORTED_VERSIONS, `${label}: the picker`);
    t.equal(picker(html).current, undefined, `${label}: no version marked`);
    t.same(scriptPaths(html), [], `${label}: no redoc`);
    t.notMatch(html, '<script>alert', `${label}: escaped`);
  }
});

t.test("the scripts: redoc's bundle and the page's own, as files from the service, cached for good", async (t) => {
  const service = await startService(t);
  const [redoc, script] = scriptPaths(await (await fetch(`${service.url}/docs/`)).text()) as [string, string];
  t.match(redoc, /^\/docs\/redoc\.standalone\.[0-9a-f]{16}\.js$/, 'the bundle: its path names its hash');
  t.match(script, /^\/docs\/docs-page\.[0-9a-f]{16}\.js$/, 'the script: its path names its hash');
  for (const path of [redoc, script]) {
    const response = await fetch(`${service.url}${path}`);
    t.equal(response.status, 200, `${path}: 200`);
    t.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8', `${path}: JavaScript`);
    t.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable', `${path}: immutable`);
    t.equal(response.headers.get('x-content-type-options'), 'nosniff', `${path}: nosniff`);
    const body = await response.text();
    t.equal(Number(response.headers.get('content-length')), Buffer.byteLength(body), `${path}: its length`);
    if (path === script) t.equal(body, DOCS_PAGE_SCRIPT, 'the page script');
    else {
      t.ok(body.length > 500_000, `redoc's bundle, ${body.length} characters`);
      t.notMatch(body, REDOCLY_LOGO_URL, 'no address on another host left in it');
      t.notMatch(body, 'sourceMappingURL=redoc.standalone.js.map', 'no pointer to a map that is not served');
    }
  }
  const head = await fetch(`${service.url}${redoc}`, { method: 'HEAD' });
  t.equal(head.headers.get('content-type'), 'text/javascript; charset=utf-8', 'HEAD of the bundle: its type');
  t.equal((await head.arrayBuffer()).byteLength, 0, 'HEAD of the bundle: no body');
  const stale = await fetch(`${service.url}/docs/redoc.standalone.0000000000000000.js`);
  t.equal(stale.status, 404, 'another hash: 404');
  await stale.arrayBuffer();
});

t.test('HEAD works like GET; /docs redirects to /docs/; OPTIONS and POST as on every path', async (t) => {
  const service = await startService(t);
  for (const path of ['/docs/', '/docs/?version=2.1.0', '/docs/?version=nope']) {
    const get = await fetch(`${service.url}${path}`);
    const getBody = await get.arrayBuffer();
    const head = await fetch(`${service.url}${path}`, { method: 'HEAD' });
    t.equal(head.status, get.status, `${path}: the same status`);
    for (const name of ['content-type', 'content-length', 'content-security-policy', 'cache-control']) {
      t.equal(head.headers.get(name), get.headers.get(name), `${path}: the same ${name}`);
    }
    t.equal(Number(head.headers.get('content-length')), getBody.byteLength, `${path}: the length of the GET body`);
    t.equal((await head.arrayBuffer()).byteLength, 0, `${path}: HEAD has no body`);
  }
  for (const [path, location] of [
    ['/docs', '/docs/'],
    ['/docs?version=2.1.0', '/docs/?version=2.1.0'],
  ] as const) {
    const bare = await fetch(`${service.url}${path}`, { redirect: 'manual' });
    t.same([bare.status, bare.headers.get('location')], [301, location], `${path}: 301`);
    await bare.arrayBuffer();
  }
  t.equal((await fetch(`${service.url}/docs/`, { method: 'OPTIONS' })).status, 204, 'OPTIONS');
  const post = await fetch(`${service.url}/docs/`, { method: 'POST' });
  t.same([post.status, await post.json()], [405, { detail: 'Method "POST" not allowed.' }], 'POST');
});
