import t, { type Test } from 'tap';
import { DOCS_PAGE_CSP } from '../../../../src/adapters/http/docs/content-security-policy.js';
import { DOCS_PAGE_SCRIPT } from '../../../../src/adapters/http/docs/docs-page-script.js';
import { REDOCLY_LOGO_URL } from '../../../../src/adapters/http/docs/redoc-bundle.js';
import type { ApiContracts, VersionSummary } from '../../../../src/adapters/http/openapi/api-contracts.js';
import { fixtureContracts } from '../../../fixtures/docs/fixture-contracts.js';
import { startService } from '../../../fixtures/service.js';

const HTML = 'text/html; charset=utf-8';

/** The versions the picker lists, in its order, and the one it marks current. */
function picker(html: string): { versions: string[]; current: string | undefined; badges: Record<string, string> } {
  const versions = [...html.matchAll(/<a href="\/docs\/\?version=([^"]+)"/g)].map(([, version]) => decodeURIComponent(version as string));
  const current = /<a href="\/docs\/\?version=([^"]+)" aria-current="page">/.exec(html)?.[1];
  const badges: Record<string, string> = {};
  for (const [, version, badge] of html.matchAll(/\?version=([^"]+)"[^>]*>[^<]*<\/a><span class="badge (\w+)">/g)) {
    badges[version as string] = badge as string;
  }
  return { versions, current, badges };
}

/** The document the page embeds, read back as the browser's JSON.parse would. */
function embedded(html: string): unknown {
  const text = /<script type="application\/json" id="openapi-document">([^<]*)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}

function scriptPaths(html: string): string[] {
  return [...html.matchAll(/<script src="([^"]+)"><\/script>/g)].map(([, path]) => path as string);
}

async function docsService(t: Test, contracts: ApiContracts = fixtureContracts(), today = '2026-11-22') {
  return startService(t, { TODAY: today }, undefined, contracts);
}

t.test('GET /docs/ opens the default version: HTML, a strict CSP, the picker newest first, the document embedded', async (t) => {
  const contracts = fixtureContracts();
  const service = await docsService(t, contracts);
  const response = await fetch(`${service.url}/docs/`);
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), HTML);
  t.equal(response.headers.get('content-security-policy'), DOCS_PAGE_CSP);
  t.match(DOCS_PAGE_CSP, /^default-src 'none'; script-src 'self'; /, 'nothing allowed unless named; scripts from the service only');
  t.equal(response.headers.get('x-content-type-options'), 'nosniff');
  t.equal(response.headers.get('cache-control'), 'no-cache');
  const html = await response.text();
  t.same(picker(html).versions, ['5.0.0', '4.0.0', '3.0.0', '2.1.0', '2.0.0', '1.0.0'], 'every version, newest first');
  t.equal(picker(html).current, '5.0.0', 'the default version (the newest)');
  t.same(embedded(html), contracts.document('5.0.0'), "the default version's document");
  t.match(html, '<li>Removed the cat endpoint</li>', 'notes under each version');
  t.notMatch(html, /<script>|<script [^>]*(?<!type="application\/json" id="openapi-document")>[^<]/, 'no inline script');
  t.equal(scriptPaths(html).length, 2, "redoc's bundle and the page's script");
});

t.test('/docs/?version=X opens that version; DEFAULT_VERSION picks the one opened without', async (t) => {
  const contracts = fixtureContracts();
  const service = await docsService(t, contracts);
  const html = await (await fetch(`${service.url}/docs/?version=2.1.0`)).text();
  t.equal(picker(html).current, '2.1.0');
  t.same(embedded(html), contracts.document('2.1.0'));
  t.match(html, '<title>API docs: version 2.1.0</title>');
  const again = await fetch(`${service.url}/docs/?version=2.1.0&other=1`);
  t.equal(await again.text(), html, 'the same page again; other parameters ignored');
  const earliest = await startService(t, { DEFAULT_VERSION: 'earliest' }, undefined, contracts);
  t.equal(picker(await (await fetch(`${earliest.url}/docs/`)).text()).current, '1.0.0', 'DEFAULT_VERSION=earliest');
});

t.test('an unknown, malformed or repeated version shows the picker and says why, never a 500', async (t) => {
  const service = await docsService(t);
  const cases: [string, number, string][] = [
    ['version=9.9.9', 404, 'There is no version &quot;9.9.9&quot;; pick one of the versions below.'],
    ['version=2.1', 404, 'There is no version &quot;2.1&quot;; pick one of the versions below.'],
    ['version=', 404, 'There is no version &quot;&quot;; pick one of the versions below.'],
    ['version=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 404, 'There is no version &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;'],
    [`version=${'9'.repeat(5000)}`, 404, `There is no version &quot;${'9'.repeat(40)}…&quot;`],
    ['version=2.1.0&version=4.0.0', 400, 'Give &quot;version&quot; once; it was given 2 times.'],
  ];
  for (const [query, status, message] of cases) {
    const response = await fetch(`${service.url}/docs/?${query}`);
    t.equal(response.status, status, `${query.slice(0, 40)}: ${status}`);
    t.equal(response.headers.get('content-type'), HTML, `${query.slice(0, 40)}: a page`);
    t.equal(response.headers.get('content-security-policy'), DOCS_PAGE_CSP, `${query.slice(0, 40)}: the same CSP`);
    const html = await response.text();
    t.match(html, `<p class="message" role="alert">${message}`, `${query.slice(0, 40)}: the message`);
    t.equal(picker(html).versions.length, 6, `${query.slice(0, 40)}: the picker`);
    t.equal(picker(html).current, undefined, `${query.slice(0, 40)}: no version marked`);
    t.same(scriptPaths(html), [], `${query.slice(0, 40)}: no redoc`);
    t.notMatch(html, '<script>alert', `${query.slice(0, 40)}: escaped`);
  }
});

t.test('the picker badges deprecated versions from their date on, and retired ones from their sunset', async (t) => {
  const history: VersionSummary[] = [
    { version: '4.0.0', notes: ['Removed Dog.age'], deprecated: null, sunset: null },
    { version: '2.1.0', notes: ['Added Dog.age'], deprecated: '2026-11-22', sunset: '2026-11-23' },
    { version: '2.0.0', notes: ['Added the dog detail view'], deprecated: '2026-06-01', sunset: '2026-11-22' },
    { version: '1.0.0', notes: ['Initial version'], deprecated: '2026-01-01', sunset: '2026-02-01' },
  ];
  const contracts = fixtureContracts(history);
  const retiredAfterSunset: ApiContracts = {
    versions: contracts.versions,
    document: (version) => (version === '2.0.0' || version === '1.0.0' ? undefined : contracts.document(version)),
  };
  const service = await docsService(t, retiredAfterSunset);
  const html = await (await fetch(`${service.url}/docs/?version=4.0.0`)).text();
  t.same(picker(html).badges, { '2.1.0': 'deprecated', '2.0.0': 'retired', '1.0.0': 'retired' }, 'on 2026-11-22');
  const before = await docsService(t, retiredAfterSunset, '2025-12-31');
  t.same(picker(await (await fetch(`${before.url}/docs/?version=4.0.0`)).text()).badges, {}, 'on 2025-12-31: none yet');
  const retired = await fetch(`${service.url}/docs/?version=2.0.0`);
  t.equal(retired.status, 410, 'a retired version no longer described: 410');
  const page = await retired.text();
  t.match(page, 'Version 2.0.0 was retired on 2026-11-22; pick a version below.');
  t.equal(picker(page).current, '2.0.0', 'marked in the picker');
  t.same(scriptPaths(page), [], 'no redoc');
  const stillDescribed = await fetch(`${service.url}/docs/?version=2.1.0`);
  t.equal(stillDescribed.status, 200, 'deprecated, not retired: shown');
  await stillDescribed.arrayBuffer();
});

t.test('everything put in the page is escaped for where it goes', async (t) => {
  const hostile = '<img src=x onerror="alert(1)"> & \'quotes\'';
  const contracts: ApiContracts = {
    versions: [{ version: '1.0.0', notes: [hostile], deprecated: null, sunset: null }],
    document: (version) =>
      version === '1.0.0'
        ? { openapi: '3.1.0', info: { title: '</script><script>alert(1)</script>', version, description: `${hostile} \u2028` }, paths: {} }
        : undefined,
  };
  const service = await docsService(t, contracts);
  const html = await (await fetch(`${service.url}/docs/?version=1.0.0`)).text();
  t.match(html, '<li>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;</li>', 'notes: HTML-escaped');
  t.notMatch(html, '<img', 'no element from the notes');
  t.notMatch(html, '</script><script>alert', 'the document cannot end its script element');
  t.same(embedded(html), contracts.document('1.0.0'), 'the embedded document reads back unchanged');
});

t.test("the scripts: redoc's bundle and the page's own, as files from the service, cached for good", async (t) => {
  const service = await docsService(t);
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
  const stale = await fetch(`${service.url}/docs/redoc.standalone.0000000000000000.js`);
  t.equal(stale.status, 404, 'another hash: 404');
  await stale.arrayBuffer();
});

t.test('HEAD works like GET; /docs redirects to /docs/; OPTIONS and POST as on every path', async (t) => {
  const service = await docsService(t);
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

t.test('without published contracts there is no docs page', async (t) => {
  const service = await startService(t);
  const response = await fetch(`${service.url}/docs/`);
  t.equal(response.status, 404);
  await response.arrayBuffer();
});
