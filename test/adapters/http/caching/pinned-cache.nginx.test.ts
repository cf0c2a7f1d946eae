// Needs: /usr/sbin/nginx
import t from 'tap';
import { startCachingNginx } from '../../../fixtures/nginx.js';
import { startService } from '../../../fixtures/service.js';
import { bearer, keyedClient, withClients } from '../../../fixtures/clients.js';
import { NEWEST_VERSION } from '../../../fixtures/versions.js';

const older = keyedClient('older-app', '3.0.0');
const newer = keyedClient('newer-app', '4.0.0');
const ACCEPT = { accept: 'application/json' };

t.setTimeout(60_000);

t.test("nginx as a shared cache never hands one caller an answer chosen by another's pin, in either order", async (t) => {
  const service = await startService(t, { CACHE_MAX_AGE: '60' }, withClients([older, newer]));
  const nginx = await startCachingNginx(t, service.url);
  if (nginx === undefined) return;
  const get = async (path: string, who: 'anonymous' | typeof older): Promise<{ version: string; cache: string }> => {
    const headers = who === 'anonymous' ? ACCEPT : { ...ACCEPT, ...bearer(who.key) };
    const response = await fetch(`${nginx.url}${path}`, { headers });
    await response.text();
    t.equal(response.status, 200);
    return {
      version: /version=([^;]+)/.exec(response.headers.get('content-type') ?? '')?.[1] ?? 'none',
      cache: response.headers.get('x-cache-status') ?? 'none',
    };
  };
  // Anonymous first: its answer is stored and served again, but not to a client.
  t.match(await get('/doggies/1/', 'anonymous'), { version: NEWEST_VERSION }, 'anonymous: the default');
  t.same(await get('/doggies/1/', 'anonymous'), { version: NEWEST_VERSION, cache: 'HIT' }, 'anonymous again: a hit');
  t.equal((await get('/doggies/1/', older)).version, '3.0.0', 'a client after a cached anonymous answer: its pin');
  t.equal((await get('/doggies/1/', newer)).version, '4.0.0', 'another client: its own pin');
  t.equal((await get('/doggies/1/', older)).version, '3.0.0', 'the first client again: still its pin');
  t.equal((await get('/doggies/1/', 'anonymous')).version, NEWEST_VERSION, 'anonymous after the clients: the default');
  // A client first: its answer is never stored, so neither the other client nor an anonymous caller gets it.
  const first = await get('/doggies/2/', older);
  t.equal(first.version, '3.0.0', 'a client first: its pin');
  t.not((await get('/doggies/2/', older)).cache, 'HIT', "a client's answer is not stored (private)");
  t.equal((await get('/doggies/2/', newer)).version, '4.0.0', 'the other client: its own pin');
  t.equal((await get('/doggies/2/', 'anonymous')).version, NEWEST_VERSION, 'anonymous after a client: the default');
  t.same(await get('/doggies/2/', 'anonymous'), { version: NEWEST_VERSION, cache: 'HIT' }, 'and the anonymous answer is cached as before');
  t.equal((await get('/doggies/2/', newer)).version, '4.0.0', 'a client after that anonymous hit: its pin');
  t.equal(await nginx.errors(), '', 'nginx logged no warning or error');
});
