import Fastify from 'fastify';
import t from 'tap';
import { versionedFastify } from '../../../../src/adapters/http/mounts/fastify-mount.js';
import { mountSuite } from '../../../fixtures/mount-suite.js';

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
