// Needs: /usr/sbin/nginx
import t from 'tap';
import { startCachingNginx } from '../../../fixtures/nginx.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';

const VERSIONS = ['2.0.0', '2.1.0', '3.0.0', '4.0.0', '5.0.0'];
const PATHS = ['/doggies/1/', '/doggies/?limit=2', '/version/my_version/', '/doggies/2/'];
const REQUESTS = 400;

t.setTimeout(120_000);

t.test('nginx as a shared cache: never another version, hits served, expired entries revalidated with 304s', async (t) => {
  const service = await startService(t, { CACHE_MAX_AGE: '1' });
  const nginx = await startCachingNginx(t, service.url);
  if (nginx === undefined) return;
  // What the service itself answers at each version, to compare what the cache hands out with.
  const expected = new Map<string, { body: string; contentType: string | null }>();
  for (const path of PATHS) {
    for (const version of VERSIONS) {
      const response = await fetch(`${service.url}${path}`, { headers: acceptVersion(version) });
      expected.set(`${path} ${version}`, { body: await response.text(), contentType: response.headers.get('content-type') });
    }
  }
  const direct = service.stdout.length;
  const statuses = new Map<string, number>();
  let wrong = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    const version = VERSIONS[index % VERSIONS.length] as string;
    const path = PATHS[Math.floor(index / VERSIONS.length) % PATHS.length] as string;
    const response = await fetch(`${nginx.url}${path}`, { headers: acceptVersion(version) });
    const body = await response.text();
    const want = expected.get(`${path} ${version}`) as { body: string; contentType: string | null };
    const cacheStatus = response.headers.get('x-cache-status') ?? 'none';
    statuses.set(cacheStatus, (statuses.get(cacheStatus) ?? 0) + 1);
    if (response.status !== 200 || body !== want.body || response.headers.get('content-type') !== want.contentType) {
      wrong += 1;
      t.fail(`${path} at ${version} (${cacheStatus}): ${response.status} ${response.headers.get('content-type')} ${body.slice(0, 80)}`);
    }
    // Spread over about three seconds, so that entries (max-age=1) expire and are revalidated along the way.
    if (index % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const reached = service.stdout.slice(direct).map((line) => JSON.parse(line) as { status: number });
  const notModified = reached.filter(({ status }) => status === 304).length;
  t.equal(wrong, 0, `${REQUESTS} requests alternating ${VERSIONS.length} versions: each got its own version's body and Content-Type`);
  t.ok((statuses.get('HIT') ?? 0) > 0, 'the cache served hits');
  t.ok((statuses.get('REVALIDATED') ?? 0) > 0, 'expired entries were revalidated');
  t.ok(notModified > 0, 'the service answered the revalidations 304');
  t.equal(notModified, statuses.get('REVALIDATED'), 'one 304 from the service per entry nginx revalidated');
  t.ok(reached.length < REQUESTS, 'fewer requests reached the service than were made');
  t.comment(
    `nginx: ${REQUESTS} requests; ${[...statuses].map(([status, count]) => `${status} ${count}`).join(', ')}; ` +
      `${reached.length} reached the service, ${notModified} of them answered 304`,
  );
  const fromBrowser = await fetch(`${nginx.url}/doggies/1/`, { headers: { ...acceptVersion('2.1.0'), origin: 'https://app.example' } });
  await fromBrowser.text();
  t.match(fromBrowser.headers.get('x-cache-status'), /^(HIT|REVALIDATED|EXPIRED)$/, 'a request with Origin is served from the cache');
  t.equal(fromBrowser.headers.get('access-control-allow-origin'), '*', 'with CORS headers: the stored answer carries them whatever its request');
  t.equal(await nginx.errors(), '', 'nginx logged no warning or error');
});
