// Needs: /usr/bin/chromium
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { launchChromium } from '../../../fixtures/browser.js';
import { startService, type RunningService } from '../../../fixtures/service.js';

/** A second origin: a tiny server of a blank page, from which the page's scripts call the API. */
async function startPageServer(t: Test): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>another origin</title><p>app');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Fetched {
  readonly ok: boolean;
  readonly status?: number;
  readonly headers?: Record<string, string | null>;
  readonly body?: string;
  readonly error?: string;
}

/** A fetch() run by the page's own script, reading what a script may read. */
function fetchFromPage(page: Page, url: string, accept: string): Promise<Fetched> {
  return page.evaluate(
    async ({ url, accept }) => {
      try {
        const response = await fetch(url, { headers: { accept } });
        const headers: Record<string, string | null> = {};
        for (const name of ['link', 'x-total-count', 'deprecation', 'etag', 'content-type']) headers[name] = response.headers.get(name);
        return { ok: true, status: response.status, headers, body: await response.text() };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    { url, accept },
  );
}

/** The access log's lines, as (method, status). */
const logged = (service: RunningService) => service.stdout.map((line) => JSON.parse(line) as { method: string; path: string; status: number });

t.setTimeout(120_000);

t.test('Chromium on another origin reads the API, its headers and its errors, and revalidates with 304s', async (t) => {
  const browser = await launchChromium(t);
  if (browser === undefined) return;
  const service = await startService(t);
  const origin = await startPageServer(t);
  const page = await browser.newPage();
  await page.goto(`${origin}/`);

  const list = await fetchFromPage(page, `${service.url}/doggies/?limit=2`, 'application/json; version=1.0.0');
  t.equal(list.status, 200, 'a page of dogs at 1.0.0');
  t.match(list.headers?.['link'], /rel="next"/, 'the script reads Link');
  t.equal(list.headers?.['x-total-count'], '5', 'the script reads X-Total-Count');
  t.equal(list.headers?.['deprecation'], '@1767225600', 'the script reads Deprecation (1.0.0 is deprecated)');
  t.match(list.headers?.['etag'], /^"1\.0\.0-/, 'the script reads ETag');

  const refused = await fetchFromPage(page, `${service.url}/doggies/1/`, 'application/json; version=9.9.9');
  t.equal(refused.status, 406, 'an unsupported version: 406');
  t.match(JSON.parse(refused.body ?? '{}'), { detail: /9\.9\.9/ }, "the script reads the 406's detail");

  const optionsBefore = logged(service).filter(({ method }) => method === 'OPTIONS').length;
  const quoted = await fetchFromPage(page, `${service.url}/doggies/1/`, 'application/json; version="2.1.0"');
  t.equal(quoted.status, 200, 'a quoted version (not CORS-safelisted) passes its preflight');
  t.equal(quoted.headers?.['content-type'], 'application/json; version=2.1.0', 'and is served at 2.1.0');
  t.equal(logged(service).filter(({ method }) => method === 'OPTIONS').length, optionsBefore + 1, 'the browser sent one preflight');

  const before304 = logged(service).filter(({ status }) => status === 304).length;
  const rounds = 5;
  for (let round = 0; round < rounds; round += 1) {
    const again = await fetchFromPage(page, `${service.url}/doggies/?limit=2`, 'application/json; version=1.0.0');
    t.equal(again.status, 200, `repeat ${round + 1}: the script sees the 200 from the browser's cache`);
    t.equal(again.body, list.body, `repeat ${round + 1}: the same body`);
  }
  const notModified = logged(service).filter(({ status }) => status === 304).length - before304;
  t.equal(notModified, rounds, "every repeat was revalidated by the browser's cache and answered 304 by the service");
  t.comment(`Chromium: ${logged(service).length} requests reached the service, ${notModified} of them answered 304`);
});

t.test('with CORS_ORIGINS listing origins, Chromium lets a listed origin read and blocks another', async (t) => {
  const browser = await launchChromium(t);
  if (browser === undefined) return;
  const origin = await startPageServer(t);
  const listed = await startService(t, { CORS_ORIGINS: `https://app.example,${origin}` });
  const other = await startService(t, { CORS_ORIGINS: 'https://app.example' });
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  const allowed = await fetchFromPage(page, `${listed.url}/doggies/1/`, 'application/json; version=2.1.0');
  t.equal(allowed.status, 200, 'the page origin is listed: read');
  const blocked = await fetchFromPage(page, `${other.url}/doggies/1/`, 'application/json; version=2.1.0');
  t.equal(blocked.ok, false, 'another origin: the browser blocks the answer');
  t.match(blocked.error, /TypeError: Failed to fetch/, 'as a network error to the script');
  t.ok(
    logged(other).some(({ path }) => path === '/doggies/1/'),
    'the request did reach the service (a safelisted GET needs no preflight): the browser hid the answer',
  );
});
