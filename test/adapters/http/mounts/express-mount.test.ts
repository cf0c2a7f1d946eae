import { createServer } from 'node:http';
import express, { type RequestHandler } from 'express';
import t, { type Test } from 'tap';
import { listenOn } from '../../../../src/adapters/http/server-options.js';
import { versionedExpress } from '../../../../src/adapters/http/mounts/express-mount.js';
import type { ComposedService } from '../../../../src/container.js';
import { composed, mountedInvoiceApi, mountSuite } from '../../../fixtures/mount-suite.js';

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

/** An Express app serving `service` below each of `parsers`' paths, that parser ahead of the layer; its origin. */
async function behind(t: Test, service: ComposedService, parsers: Readonly<Record<string, RequestHandler>>): Promise<string> {
  const app = express();
  for (const [path, parser] of Object.entries(parsers)) app.use(path, parser, versionedExpress(service));
  const server = createServer(app);
  const { port } = await listenOn(server, 0, '127.0.0.1');
  t.teardown(() => new Promise((closed) => server.close(closed)));
  return `http://127.0.0.1:${port}`;
}

const create = (origin: string, path: string, body: string, headers: Readonly<Record<string, string>> = {}) =>
  fetch(`${origin}${path}/invoices/`, {
    method: 'POST',
    headers: { accept: 'application/json; version=1.0.0', 'content-type': 'application/json', ...headers },
    body,
  });

t.test("a body another parser read is taken as it left it: text, bytes or a value, checked as the layer's own read", async (t) => {
  const origin = await behind(t, await composed(t, mountedInvoiceApi()), {
    '/text': express.text({ type: 'application/json' }),
    '/raw': express.raw({ type: 'application/json', limit: '1mb' }),
    '/json': express.json(),
  });
  const sent = JSON.stringify({ customer_id: 'cus_grace', amount: 500 });
  for (const path of ['/text', '/raw', '/json']) {
    const created = await create(origin, path, sent);
    t.same([created.status, created.headers.get('location')], [201, `${path}/invoices/inv_${path === '/text' ? 3 : path === '/raw' ? 4 : 5}/`], path);
  }
  const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
  const nested = await create(origin, '/json', deep);
  t.same(
    [nested.status, await nested.json()],
    [400, { detail: 'The body nests arrays and objects deeper than 32 levels.' }],
    'parsed, then too deep',
  );
  const large = JSON.stringify({ customer_id: 'cus_grace', amount: 500, note: 'x'.repeat(70 * 1024) });
  const chunked = await fetch(`${origin}/raw/invoices/`, {
    method: 'POST',
    headers: { accept: 'application/json; version=1.0.0', 'content-type': 'application/json' },
    body: new Blob([large]).stream(),
    duplex: 'half',
  });
  t.equal(chunked.status, 413, 'bytes read by express.raw() past the limit, with no Content-Length: 413');
  t.equal((await create(origin, '/raw', '\xff')).status, 400, 'bytes that are not JSON: 400');
});

t.test('a body read before the layer, with nothing kept, is a 500 naming the conflict: never a hang', async (t) => {
  const errors: string[] = [];
  const drained: RequestHandler = (req, _res, next) => {
    req.resume();
    req.once('end', () => next());
  };
  const origin = await behind(t, await composed(t, mountedInvoiceApi(), errors), { '/drained': drained });
  const answer = await create(origin, '/drained', JSON.stringify({ customer_id: 'cus_grace', amount: 500 }), {});
  t.same([answer.status, await answer.json()], [500, { detail: 'A server error occurred.' }]);
  t.match(errors.join('\n'), /the body of POST \/drained\/invoices\/ was read before the layer, and no req\.body kept/);
  const read = await fetch(`${origin}/drained/invoices/inv_1/`, { headers: { accept: 'application/json; version=3.0.0' } });
  t.equal(read.status, 200, 'a GET reads no body: served');
});
