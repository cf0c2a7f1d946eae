import t from 'tap';
import { healthResponse } from '../../../src/adapters/http/response/health-response.js';
import { startService } from '../../fixtures/service.js';

t.test('GET /health/ is 200 {"status": "ok"} with the in-memory store, whatever Accept says', async (t) => {
  const service = await startService(t);
  for (const accept of [
    undefined,
    'application/json; version=9.9.9',
    'application/json; version=1.0.0',
    'text/html',
    'application/json; version=x',
  ]) {
    const response = await fetch(`${service.url}/health/`, { headers: accept === undefined ? {} : { accept } });
    t.equal(response.status, 200, `Accept ${String(accept)}: 200`);
    t.equal(response.headers.get('content-type'), 'application/json', `Accept ${String(accept)}: JSON naming no version`);
    t.equal(response.headers.get('cache-control'), 'no-store', `Accept ${String(accept)}: never cached`);
    t.same(await response.json(), { status: 'ok' }, `Accept ${String(accept)}: the body`);
  }
});

t.test('/health/ answers HEAD, OPTIONS, 405 and the 301 like every path', async (t) => {
  const service = await startService(t);
  const head = await fetch(`${service.url}/health/`, { method: 'HEAD' });
  t.equal(head.status, 200, 'HEAD');
  t.equal((await head.arrayBuffer()).byteLength, 0, 'HEAD has no body');
  t.equal((await fetch(`${service.url}/health/`, { method: 'OPTIONS' })).status, 204, 'OPTIONS');
  const post = await fetch(`${service.url}/health/`, { method: 'POST' });
  t.same([post.status, await post.json()], [405, { detail: 'Method "POST" not allowed.' }], 'POST');
  const bare = await fetch(`${service.url}/health`, { redirect: 'manual' });
  t.same([bare.status, bare.headers.get('location')], [301, '/health/'], 'no slash');
  await bare.arrayBuffer();
});

t.test('the health response: 200 when every dependency answers, 503 naming those that do not', async (t) => {
  t.same(healthResponse({ ok: true, failing: [] }), { body: { status: 'ok' }, headers: { 'Cache-Control': 'no-store' } }, 'healthy');
  t.same(
    healthResponse({ ok: false, failing: ['database'] }),
    {
      status: 503,
      body: { status: 'unavailable', failing: ['database'], detail: 'Service unavailable: database not answering.' },
      headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' },
    },
    'the database down',
  );
});
