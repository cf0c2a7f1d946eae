import { createServer } from 'node:http';
import t from 'tap';
import { listenOn } from '../../../../src/adapters/http/server-options.js';
import { composed, mountedInvoiceApi, mountSuite } from '../../../fixtures/mount-suite.js';

// node:http's own mount: the team's server calls `service.handle(req, res, next)`; node:http has no prefix of its own.
t.test("node:http's handle(req, res, next) answers as the service's server does, and hands on what it does not serve", async (t) => {
  await mountSuite(
    t,
    async (t, service) => {
      const server = createServer((req, res) =>
        service.handle(req, res, () => {
          res.statusCode = req.url === '/ping' ? 200 : 404;
          res.end(req.url === '/ping' ? 'pong' : 'team');
        }),
      );
      const { port } = await listenOn(server, 0, '127.0.0.1');
      t.teardown(() => new Promise((closed) => server.close(closed)));
      return `http://127.0.0.1:${port}`;
    },
    [''],
  );
});

t.test("createServer(service.handle): every request is the API's, as the service's own server answers it", async (t) => {
  const service = await composed(t, mountedInvoiceApi());
  const server = createServer(service.handle);
  const { port } = await listenOn(server, 0, '127.0.0.1');
  t.teardown(() => new Promise((closed) => server.close(closed)));
  const one = await fetch(`http://127.0.0.1:${port}/invoices/inv_1/`, { headers: { accept: 'application/json; version=3.0.0' } });
  t.match([one.status, await one.json()], [200, { id: 'inv_1' }]);
  const none = await fetch(`http://127.0.0.1:${port}/ping`);
  t.same([none.status, await none.json()], [404, { detail: 'Not found.' }], 'with no next, no path is handed on');
});
