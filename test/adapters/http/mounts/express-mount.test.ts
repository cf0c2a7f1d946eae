import { createServer } from 'node:http';
import express from 'express';
import t from 'tap';
import { listenOn } from '../../../../src/adapters/http/api-server.js';
import { versionedExpress } from '../../../../src/adapters/http/mounts/express-mount.js';
import { mountSuite } from '../../../fixtures/mount-suite.js';

t.test('Express 5 middleware, behind express.json(), at the root and under a prefix', async (t) => {
  await mountSuite(t, async (t, service, prefix) => {
    const app = express();
    app.use(express.json());
    app.use(prefix === '' ? '/' : prefix, versionedExpress(service));
    // After the layer: reached only because it calls next().
    app.get('/ping', (_req, res) => void res.send('pong'));
    app.use((_req, res) => void res.status(404).send('team'));
    const server = createServer(app);
    const { port } = await listenOn(server, 0, '127.0.0.1');
    t.teardown(() => new Promise((closed) => server.close(closed)));
    return `http://127.0.0.1:${port}`;
  });
});
