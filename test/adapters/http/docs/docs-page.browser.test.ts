// Needs: /usr/bin/chromium
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { launchChromium } from '../../../fixtures/browser.js';
import { startService } from '../../../fixtures/service.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** Git-ignored; a stable path per version, so the latest screenshots are always in the same place. */
const ARTIFACTS = join(ROOT, 'test/.artifacts');
const DOG_DETAIL = '[data-section-id="operation/retrieveDog"]';
const RENDERED = '[data-section-id="operation/getChangelog"]';

/** Everything that went wrong in the page: console errors and warnings, uncaught errors, CSP violations, failed requests, other hosts. */
async function watch(page: Page, origin: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`request answered ${response.status()}: ${response.url()}`);
  });
  // Nothing leaves the machine: a request to any other origin is refused and counted.
  await page.route('**/*', async (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    problems.push(`request to another host: ${route.request().url()}`);
    return route.abort();
  });
  await page.exposeBinding('reportCspViolation', (_source, text: string) => problems.push(`CSP violation: ${text}`));
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.reportCspViolation(event.effectiveDirective + ' blocked ' + event.blockedURI + ' (' + event.sourceFile + ':' + event.lineNumber + ')'));`,
  });
  return problems;
}

/** Clicks the version in the picker and waits for redoc to render it. */
async function pick(page: Page, version: string): Promise<void> {
  await Promise.all([page.waitForURL(`**/docs/?version=${version}`), page.click(`.versions a[href="/docs/?version=${version}"]`)]);
  await page.waitForSelector(RENDERED);
}

async function screenshot(t: Test, page: Page, version: string): Promise<void> {
  const path = join(ARTIFACTS, `docs-${version}.png`);
  await page.screenshot({ path });
  t.comment(`screenshot: ${relative(ROOT, path)}`);
}

t.setTimeout(120_000);

t.test('the docs page in Chromium: pick a version, see its API, nothing fails and nothing leaves the machine', async (t) => {
  const browser = await launchChromium(t);
  if (browser === undefined) return;
  const service = await startService(t);
  await mkdir(ARTIFACTS, { recursive: true });
  const page = await browser.newPage();
  const problems = await watch(page, service.url);

  await page.goto(`${service.url}/docs/`);
  await page.waitForSelector(RENDERED);
  t.equal(await page.locator('.versions a[aria-current="page"]').textContent(), SUPPORTED_VERSIONS[0], 'the newest version opens by default');
  t.same(await page.locator('.versions > li > a').allTextContents(), SUPPORTED_VERSIONS, 'the picker: every version, newest first');
  t.match(await page.locator('[data-section-id="operation/getClient"]').innerText(), '/client/', "a client's own state, at GET /client/");
  const pinChange = await page.locator('[data-section-id="operation/putClientVersion"]').innerText();
  t.match(pinChange, '/client/version', 'its pin change at PUT /client/version');
  t.match(pinChange, /Authorizations:\s+bearer\b/i, '… with the bearer scheme');
  // The 401 is a shared response, its headers shared headers: each by $ref, rendered whole.
  const dogs = page.locator('[data-section-id="operation/listDogs"]');
  await dogs.locator('button', { hasText: /^401/ }).click();
  t.match(
    await dogs.innerText(),
    /401\s+An Authorization that names no API key[\s\S]*RESPONSE HEADERS\s+Vary\s+required[\s\S]*WWW-Authenticate\s+required\s+string\s+Always Bearer realm="version-aware-api", error="invalid_token"\./,
    'a shared 401 and its shared headers, in full where it is answered',
  );

  await pick(page, '2.1.0');
  const age = page.locator(`${DOG_DETAIL} td[kind="field"][title="age"]`).first();
  t.equal(await page.locator(DOG_DETAIL).count(), 1, '2.1.0: the dog detail operation');
  t.match(await page.locator(DOG_DETAIL).innerText(), '/doggies/{id}/', '2.1.0: at GET /doggies/{id}/');
  t.match(await age.locator('xpath=following-sibling::td[1]').innerText(), /^integer\b/, '2.1.0: age, an integer');
  await age.scrollIntoViewIfNeeded();
  await screenshot(t, page, '2.1.0');

  await pick(page, '4.0.0');
  t.equal(await page.locator(DOG_DETAIL).count(), 1, '4.0.0: the dog detail operation');
  t.equal(await page.locator('td[kind="field"][title="age"]').count(), 0, '4.0.0: no age anywhere');
  await page.locator(DOG_DETAIL).scrollIntoViewIfNeeded();
  await screenshot(t, page, '4.0.0');

  await pick(page, '1.0.0');
  t.equal(await page.locator(DOG_DETAIL).count(), 0, '1.0.0: no dog detail operation');
  const named = (await page.locator('#redoc').innerText()).split('/doggies/{id}/').length - 1;
  t.equal(named, 1, '1.0.0: no GET /doggies/{id}/; the path named once, among the paths served at some versions only');
  await screenshot(t, page, '1.0.0');
  const badge = page.locator('.versions > li:has(> a[href="/docs/?version=1.0.0"]) > .badge');
  t.equal(
    await badge.textContent(),
    'deprecated',
    '1.0.0 is badged deprecated (the reference history deprecates it on 2026-01-01; the service runs on 2026-11-22)',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${service.url}/docs/`);
  await page.waitForSelector(RENDERED);
  const picker = await page.locator('.picker').boundingBox();
  t.ok(picker !== null && picker.height <= 844 / 8, `on a 390 px phone the picker is one row (${picker?.height} px of 844), the reference below it`);
  await screenshot(t, page, 'phone');

  t.same(problems, [], 'no console error or warning, no CSP violation, no failed request, no other host');
});
