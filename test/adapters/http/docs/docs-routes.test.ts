import t from 'tap';
import { SystemClock } from '../../../../src/adapters/clock/system-clock.js';
import { type EncodedBody } from '../../../../src/adapters/http/encoded-body.js';
import { DocsRoutes } from '../../../../src/adapters/http/docs/docs-routes.js';
import { REDOCLY_LOGO_URL, withoutOutsideRequests } from '../../../../src/adapters/http/docs/redoc-bundle.js';
import type { RouteResponse } from '../../../../src/adapters/http/route.js';
import { StartupError } from '../../../../src/application/errors/startup-error.js';
import { ResolveVersion } from '../../../../src/application/use-cases/resolve-version.js';
import { MemoizedVersionPolicy } from '../../../../src/application/versioning/memoized-version-policy.js';
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';
import { fixtureContracts } from '../../../fixtures/docs/fixture-contracts.js';

function html(response: RouteResponse): string {
  return (response.body as EncodedBody).bytes.toString();
}

t.test('the badges follow the date in a running process: past midnight UTC the page is built again', async (t) => {
  let now = Date.parse('2025-12-31T23:59:59Z');
  const routes = new DocsRoutes(fixtureContracts(), new SystemClock(() => now), new ResolveVersion(new MemoizedVersionPolicy(buildReferenceModel())));
  const page = routes.all.find((route) => route.pattern === '/docs/');
  const open = () => page?.handle({ version: undefined, path: '/docs/', params: {}, query: 'version=2.1.0' }) as RouteResponse;
  const before = open();
  t.notMatch(html(before), 'badge deprecated', 'on 2025-12-31, 1.0.0 is not deprecated yet');
  t.equal(open(), before, 'the same day: the page built once');
  now += 1000;
  t.match(html(open()), '1.0.0</a><span class="badge deprecated">deprecated</span>', 'on 2026-01-01 it is');
});

t.test('a version with no notes is listed bare', async (t) => {
  const routes = new DocsRoutes(
    fixtureContracts([{ version: '2.0.0', notes: [], deprecated: null, sunset: null }]),
    new SystemClock(),
    new ResolveVersion(new MemoizedVersionPolicy(buildReferenceModel())),
  );
  const response = routes.all[0]?.handle({ version: undefined, path: '/docs/', params: {}, query: 'version=2.0.0' }) as RouteResponse;
  t.match(html(response), '<li class="current"><a href="/docs/?version=2.0.0" aria-current="page">2.0.0</a></li>');
});

t.test("redoc's bundle: its one address on another host replaced, or the start refused naming it", async (t) => {
  const bundle = `before("${REDOCLY_LOGO_URL}")after\n//# sourceMappingURL=redoc.standalone.js.map\n`;
  t.equal(withoutOutsideRequests(bundle), 'before("data:,")after\n', 'the logo: an image that fails, so none is shown; the map comment gone');
  for (const [label, text] of [
    ['absent', 'before()after'],
    ['twice', `"${REDOCLY_LOGO_URL}""${REDOCLY_LOGO_URL}"`],
  ] as const) {
    t.throws(
      () => withoutOutsideRequests(text),
      new StartupError(
        `redoc's bundle names ${REDOCLY_LOGO_URL} ${label === 'absent' ? 0 : 2} times, not once: check the redoc version package.json pins, and what the new bundle loads from other hosts (docs/docs-page.md).`,
      ),
      label,
    );
  }
});
