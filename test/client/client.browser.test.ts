// Needs: /usr/bin/chromium
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve, sep } from 'node:path';
import t, { type Test } from 'tap';
import type * as ClientModule from '../../client/src/index.js';
import { launchChromium } from '../fixtures/browser.js';
import { BROWNOUTS, LIFECYCLE_TODAY, lifecycleModel, withLifecycles } from '../fixtures/lifecycle-history.js';
import { startWithModel } from '../fixtures/lifecycle-service.js';
import { TestClock } from '../fixtures/test-clock.js';
import { listFrom } from '../fixtures/versions.js';

const CLIENT_DIST = resolve('client/dist');
const OPENAPI_FETCH = resolve('node_modules/openapi-fetch/dist/index.mjs');
/** The page: an import map resolving the package's one import, as a site without a bundler writes it. */
const PAGE = `<!doctype html><title>an app</title>
<script type="importmap">{"imports": {"openapi-fetch": "/openapi-fetch.mjs"}}</script>
<p>app`;

/** The app's origin, another than the API's: the page, the built client (client/dist/) and openapi-fetch's module. */
async function startAppServer(t: Test): Promise<string> {
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const file =
      path === '/openapi-fetch.mjs'
        ? OPENAPI_FETCH
        : path.startsWith('/client/')
          ? resolve(CLIENT_DIST, `.${path.slice('/client'.length)}`)
          : undefined;
    if (path === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    if (file === undefined || !(file === OPENAPI_FETCH || file.startsWith(CLIENT_DIST + sep))) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  t.teardown(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.setTimeout(120_000);

t.test('in Chromium, on another origin than the API: the built client, its notices and its 410s, through CORS', async (t) => {
  const browser = await launchChromium(t);
  if (browser === undefined) return;
  const app = await startAppServer(t);
  const clock = new TestClock(`${LIFECYCLE_TODAY}T13:00:00.000Z`);
  const api = await startWithModel(t, lifecycleModel('latest', withLifecycles(BROWNOUTS)), clock, { CORS_ORIGINS: app });
  const page = await browser.newPage();
  await page.goto(`${app}/`);
  const first = await page.evaluate(async (baseUrl) => {
    const modulePath = '/client/index.js';
    const { createClient, VersionRetiredError } = (await import(modulePath)) as typeof ClientModule;
    const notices: { kind: string; version: string; date: string; link: string | null }[] = [];
    const hooks = (kind: string) => (notice: { version: string; date: Date; link: string | null }) =>
      notices.push({ kind, version: notice.version, date: notice.date.toISOString(), link: notice.link });
    const options = { baseUrl, onDeprecation: hooks('deprecation'), onSunset: hooks('sunset') };
    const failure = async (call: Promise<unknown>) => {
      try {
        await call;
        return 'served';
      } catch (error) {
        if (!(error instanceof VersionRetiredError)) return String(error);
        return { sunset: error.sunset?.toISOString() ?? null, retryAfter: error.retryAfter, message: error.message };
      }
    };
    const current = createClient({ ...options, version: '4.0.0' });
    const four = await current.GET('/doggies/{id}/', { params: { path: { id: 1 } } });
    const afterCurrent = notices.length;
    const deprecated = createClient({ ...options, version: '2.1.0' });
    const ages: unknown[] = [];
    for (let call = 0; call < 3; call += 1) ages.push((await deprecated.GET('/doggies/{id}/', { params: { path: { id: 1 } } })).data?.age);
    const retired = await failure(createClient({ ...options, version: '1.0.0' }).GET('/doggies/'));
    return { four: four.data, contentType: four.response.headers.get('content-type'), afterCurrent, ages, notices, retired };
  }, api.url);

  t.same(first.four, { id: 1, name: 'Biko', birthday: '2014-05-06' }, '4.0.0: the dog, no age');
  t.equal(first.contentType, 'application/json; version=4.0.0', 'served at the version the client sent (Api-Version, preflighted)');
  t.equal(first.afterCurrent, 0, 'a current version: no hook fires');
  t.same(first.ages, [12, 12, 12], '2.1.0: served three times');
  t.same(
    first.notices,
    [
      { kind: 'deprecation', version: '2.1.0', date: '2026-06-01T00:00:00.000Z', link: 'https://example.com/moving-off-2.1.0' },
      { kind: 'sunset', version: '2.1.0', date: '2026-12-01T00:00:00.000Z', link: 'https://example.com/moving-off-2.1.0' },
    ],
    'each hook once, with the date and the link: the page read Deprecation, Sunset and Link',
  );
  t.same(
    first.retired,
    {
      sunset: '2026-06-01T00:00:00.000Z',
      retryAfter: null,
      message: `Version 1.0.0 was retired on 2026-06-01, its sunset date, and is no longer served. Supported versions: ${listFrom('2.1.0')}.`,
    },
    '1.0.0: a VersionRetiredError naming its sunset',
  );

  clock.set(`${LIFECYCLE_TODAY}T14:00:00.000Z`);
  const page2 = await browser.newPage();
  await page2.goto(`${app}/`);
  const brownout = await page2.evaluate(async (baseUrl) => {
    const modulePath = '/client/index.js';
    const { createClient, VersionRetiredError } = (await import(modulePath)) as typeof ClientModule;
    try {
      await createClient({ baseUrl, version: '2.1.0' }).GET('/doggies/');
      return 'served';
    } catch (error) {
      return error instanceof VersionRetiredError ? { sunset: error.sunset?.toISOString() ?? null, retryAfter: error.retryAfter } : String(error);
    }
  }, api.url);
  t.same(brownout, { sunset: '2026-12-01T00:00:00.000Z', retryAfter: 3600 }, "2.1.0 in a brownout: the page read Retry-After, the hour's end");
});
