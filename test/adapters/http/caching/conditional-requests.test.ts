import t from 'tap';
import { lifecycleModel } from '../../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../../fixtures/lifecycle-service.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';
import { TestClock } from '../../../fixtures/test-clock.js';
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';

interface Seen {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Seen> {
  const response = await fetch(url, { method, headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

const etagOf = async (url: string, version: string): Promise<string> => (await get(url, acceptVersion(version))).headers.get('etag') ?? '';

t.test('every 200 to GET or HEAD of a versioned route, the documents and the docs assets has an ETag, distinct per version', async (t) => {
  const service = await startService(t);
  const paths = ['/doggies/1/', '/doggies/', '/doggies/?limit=2', '/cats/', '/version/', '/version/my_version/', '/openapi.json'];
  for (const path of paths) {
    const tags = new Set<string>();
    for (const version of ['2.0.0', '2.1.0', '3.0.0', '4.0.0']) {
      const first = await get(`${service.url}${path}`, acceptVersion(version));
      const etag = first.headers.get('etag');
      t.match(etag, new RegExp(`^"${version.replaceAll('.', '\\.')}-[\\w-]{22}"$`), `${path} at ${version}: a strong ETag naming the version`);
      t.equal(await etagOf(`${service.url}${path}`, version), etag, `${path} at ${version}: the same ETag while nothing changes`);
      const head = await get(`${service.url}${path}`, acceptVersion(version), 'HEAD');
      t.equal(head.headers.get('etag'), etag, `${path} at ${version}: HEAD has GET's ETag`);
      t.equal(first.headers.get('cache-control'), 'no-cache', `${path} at ${version}: no-cache (CACHE_MAX_AGE=0)`);
      tags.add(etag as string);
    }
    t.equal(tags.size, 4, `${path}: four versions, four ETags`);
  }
  const dog4 = await get(`${service.url}/doggies/1/`, acceptVersion('4.0.0'));
  const dog5 = await get(`${service.url}/doggies/1/`, acceptVersion('5.0.0'));
  t.equal(dog4.body, dog5.body, '4.0.0 and 5.0.0 send the same bytes for a dog');
  t.not(dog4.headers.get('etag'), dog5.headers.get('etag'), 'yet two ETags: two representations');

  const docs = await get(`${service.url}/docs/`);
  t.ok(docs.headers.get('etag'), 'the docs page has an ETag');
  for (const [, src] of docs.body.matchAll(/<script src="([^"]+)"/g)) {
    const asset = await get(`${service.url}${src as string}`);
    const etag = asset.headers.get('etag') as string;
    t.match(etag, /^"[\w-]{22}"$/, `${src as string}: an ETag`);
    t.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable', `${src as string}: its own Cache-Control kept`);
    const again = await get(`${service.url}${src as string}`, { 'if-none-match': etag });
    t.equal(again.status, 304, `${src as string}: 304 when revalidated`);
  }
});

t.test('a page ETag changes with what X-Total-Count and Link say, and with nothing else', async (t) => {
  const service = await startService(t);
  const tag = (query: string) => etagOf(`${service.url}/doggies/${query}`, '2.1.0');
  t.equal(await tag('?limit=2'), await tag('?limit=2&offset=0'), 'the same page asked two ways: one ETag');
  t.not(await tag('?limit=2'), await tag('?limit=3'), 'another page: another ETag');
  t.not(await tag('?offset=99999&limit=5'), await tag('?offset=99999&limit=6'), 'two empty pages (equal bodies) whose prev Link differs: two ETags');
  t.equal(await tag('?limit=5'), await tag('?limit=6'), 'the whole collection either way, no link: the same representation, one ETag');
});

t.test("a dog's ETag changes when its age does, at midnight, and only at the versions that show it", async (t) => {
  const clock = new TestClock('2028-05-01');
  const service = await startWithModel(t, buildReferenceModel(), clock);
  const before = { '2.1.0': await etagOf(`${service.url}/doggies/1/`, '2.1.0'), '5.0.0': await etagOf(`${service.url}/doggies/1/`, '5.0.0') };
  clock.set('2028-05-02');
  t.not(await etagOf(`${service.url}/doggies/1/`, '2.1.0'), before['2.1.0'], '2.1.0 shows the age: Biko turns 14 at midnight, a new ETag');
  t.equal(await etagOf(`${service.url}/doggies/1/`, '5.0.0'), before['5.0.0'], '5.0.0 shows no age: the same ETag');
});

t.test('If-None-Match: 304 with the headers of the 200 and no body when it names the ETag, weakly compared', async (t) => {
  const service = await startService(t);
  const url = `${service.url}/doggies/?limit=2`;
  const ok = await get(url, acceptVersion('1.0.0'));
  const etag = ok.headers.get('etag') as string;
  const matching = [etag, `W/${etag}`, `"x", ${etag}`, `W/"x",W/${etag}`, '*', ` \t${etag} ,`, `"a,b", ${etag}`];
  for (const field of matching) {
    for (const method of ['GET', 'HEAD']) {
      const response = await get(url, { ...acceptVersion('1.0.0'), 'if-none-match': field }, method);
      const what = `${method} If-None-Match: ${field}`;
      t.equal(response.status, 304, `${what}: 304`);
      t.equal(response.body, '', `${what}: no body`);
      for (const name of ['etag', 'vary', 'cache-control', 'deprecation', 'link', 'x-total-count', 'access-control-allow-origin']) {
        t.equal(response.headers.get(name), ok.headers.get(name), `${what}: ${name} as the 200 has it`);
      }
      t.equal(response.headers.get('content-type'), null, `${what}: no Content-Type`);
      t.equal(response.headers.get('content-length'), null, `${what}: no Content-Length`);
    }
  }
  const missing = ['"x"', etag.slice(1), `${etag.slice(0, -2)}"`, 'W/', 'W', `x${etag}`, `"unterminated, ${etag}`, `${etag.slice(0, -1)}`, ''];
  for (const field of missing) {
    const response = await get(url, { ...acceptVersion('1.0.0'), 'if-none-match': field });
    t.equal(response.status, 200, `If-None-Match: ${JSON.stringify(field)}: 200`);
  }
  const long = await get(url, { ...acceptVersion('1.0.0'), 'if-none-match': `${'"x", '.repeat(2_500)}${etag}` });
  t.equal(long.status, 304, 'its tag after 2,500 others (15 KB, under MAX_HEADER_SIZE): 304');
  const other = await get(url, { ...acceptVersion('2.0.0'), 'if-none-match': etag });
  t.equal(other.status, 200, "another version's ETag does not match");
});

t.test('errors and /health/ have no ETag, are never stored, and are not turned into 304s', async (t) => {
  const service = await startService(t);
  const cases: [string, Record<string, string>, number][] = [
    ['/doggies/999/', acceptVersion('2.1.0'), 404],
    ['/doggies/1/', acceptVersion('1.0.0'), 404],
    ['/doggies/1/', acceptVersion('9.9.9'), 406],
    ['/doggies/?limit=0', acceptVersion('2.1.0'), 400],
    ['/doggies', {}, 301],
    ['/health/', {}, 200],
  ];
  for (const [path, headers, status] of cases) {
    const response = await get(`${service.url}${path}`, { ...headers, 'if-none-match': '*' });
    t.equal(response.status, status, `${path}: ${status} even with If-None-Match: *`);
    t.equal(response.headers.get('etag'), null, `${path}: no ETag`);
    t.equal(response.headers.get('cache-control'), 'no-store', `${path}: no-store`);
  }
});

t.test('CACHE_MAX_AGE: public, max-age on what has an ETag, cut at the sunset of its version', async (t) => {
  const service = await startService(t, { CACHE_MAX_AGE: '60' });
  const ok = await get(`${service.url}/openapi.json`, acceptVersion('5.0.0'));
  t.equal(ok.headers.get('cache-control'), 'public, max-age=60', '/openapi.json');
  const revalidated = await get(`${service.url}/openapi.json`, { ...acceptVersion('5.0.0'), 'if-none-match': ok.headers.get('etag') as string });
  t.equal(revalidated.headers.get('cache-control'), 'public, max-age=60', 'its 304 too');
  t.equal((await get(`${service.url}/doggies/999/`)).headers.get('cache-control'), 'no-store', 'an error: no-store');

  const lifecycle = await startWithModel(t, lifecycleModel(), new TestClock('2026-11-22'));
  const response = await get(`${lifecycle.url}/version/`, acceptVersion('2.1.0'));
  t.match(response.headers.get('cache-control'), /^(no-cache)$/, 'without CACHE_MAX_AGE, no-cache (the default)');
});
