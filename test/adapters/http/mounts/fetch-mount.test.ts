import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import t from 'tap';
import { versionedFetch } from '../../../../src/adapters/http/mounts/fetch-mount.js';
import { mountSuite } from '../../../fixtures/mount-suite.js';

t.test('a fetch handler, served by Hono on @hono/node-server, at the root and under a prefix', async (t) => {
  await mountSuite(t, async (t, service, prefix) => {
    const app = new Hono();
    app.get('/ping', (c) => c.text('pong'));
    const api = versionedFetch(service, { prefix, next: () => new Response('team', { status: 404 }) });
    app.all(`${prefix}/*`, (c) => api(c.req.raw));
    const port = await new Promise<number>((listening) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => listening(info.port));
      t.teardown(() => new Promise((closed) => server.close(closed)));
    });
    return `http://127.0.0.1:${port}`;
  });
});
