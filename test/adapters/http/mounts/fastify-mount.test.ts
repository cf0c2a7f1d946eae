import Fastify from 'fastify';
import t from 'tap';
import { versionedFastify } from '../../../../src/adapters/http/mounts/fastify-mount.js';
import { composed, mountedInvoiceApi, mountSuite } from '../../../fixtures/mount-suite.js';

t.test('a Fastify 5 plugin, at the root and registered with a prefix', async (t) => {
  await mountSuite(t, async (t, service, prefix) => {
    const app = Fastify();
    app.setNotFoundHandler((_request, reply) => reply.code(404).send('team'));
    await app.register(versionedFastify(service), { prefix });
    app.get('/ping', () => 'pong');
    await app.listen({ port: 0, host: '127.0.0.1' });
    t.teardown(() => app.close());
    return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
});

t.test("the plugin reads each body itself, with the layer's limits and refusals, and hands on the prefix's own path", async (t) => {
  const app = Fastify();
  app.setNotFoundHandler((_request, reply) => reply.code(404).send('team'));
  await app.register(versionedFastify(await composed(t, mountedInvoiceApi())), { prefix: '/api' });
  t.teardown(() => app.close());
  const post = (payload: string, headers: Readonly<Record<string, string>>) =>
    app.inject({ method: 'POST', url: '/api/invoices/', headers: { accept: 'application/json; version=1.0.0', ...headers }, payload });
  const untyped = await post('{}', {});
  t.same([untyped.statusCode, untyped.json()], [415, { detail: 'The body must be JSON: send Content-Type: application/json.' }], 'no media type');
  const broken = await post('{', { 'content-type': 'application/json' });
  t.match([broken.statusCode, broken.json()], [400, { detail: /^The body is not JSON/ }], "not JSON: the layer's 400, not Fastify's");
  const created = await post(JSON.stringify({ customer_id: 'cus_ada', amount: 100 }), { 'content-type': 'application/json' });
  t.same([created.statusCode, created.headers.location], [201, '/api/invoices/inv_3/']);
  const prefixOnly = await app.inject({ url: '/api?x=1' });
  t.same([prefixOnly.statusCode, prefixOnly.body], [404, 'team'], 'the prefix itself: the API\'s "/", which it does not serve');
});
