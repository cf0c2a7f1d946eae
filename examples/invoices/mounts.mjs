// The invoicing API served through each mount of the layer, beside a route of the team's own (`GET /ping`) that the
// layer never answers: `npm run example:invoices -- --mount=node|express|fastify|fetch [--prefix=/api]`. Every mount
// runs the same request path as `npm run example:invoices`; the links it makes (Location, Link, the 301's, the
// documents' servers) start with the prefix.
import { createServer } from 'node:http';
import { serve as serveFetch } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { composeApi } from 'version-aware-api';
import { versionedExpress } from 'version-aware-api/express';
import { versionedFastify } from 'version-aware-api/fastify';
import { versionedFetch } from 'version-aware-api/fetch';

/** The team's own answer to what the layer hands on: a 404 of its own. */
const notOurs = { detail: 'Not a path of this app.' };

/** Each mount: a server of its framework over `service`, listening on `port` and `host`; resolves with its `close`. */
const MOUNTS = {
  // node:http serves the API at the root (no prefix): the team's handler runs for what the layer hands on.
  node: async (service, prefix, port, host) => {
    const team = (req, res) => {
      const pong = req.url === '/ping';
      res.writeHead(pong ? 200 : 404, { 'content-type': pong ? 'text/plain' : 'application/json' });
      res.end(pong ? 'pong' : JSON.stringify(notOurs));
    };
    return listening(
      createServer((req, res) => service.handle(req, res, () => team(req, res))),
      port,
      host,
    );
  },
  // The team's body parser runs first: the layer takes the body it parsed.
  express: async (service, prefix, port, host) => {
    const app = express();
    app.use(express.json());
    app.use(prefix || '/', versionedExpress(service));
    app.get('/ping', (_req, res) => res.type('text/plain').send('pong'));
    app.use((_req, res) => res.status(404).json(notOurs));
    return listening(createServer(app), port, host);
  },
  fastify: async (service, prefix, port, host) => {
    const app = Fastify();
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(notOurs));
    await app.register(versionedFastify(service), { prefix });
    app.get('/ping', () => 'pong');
    await app.listen({ port, host });
    return { address: app.server.address(), close: () => app.close() };
  },
  // Hono hands the layer the request whole; the prefix tells it where its paths start.
  fetch: async (service, prefix, port, host) => {
    const app = new Hono();
    app.get('/ping', (c) => c.text('pong'));
    const api = versionedFetch(service, { prefix, next: () => Response.json(notOurs, { status: 404 }) });
    app.all(`${prefix}/*`, (c) => api(c.req.raw));
    return listening(serveFetch({ fetch: app.fetch, port, hostname: host }), port, host, false);
  },
};

export const MOUNT_NAMES = Object.keys(MOUNTS);

/** A node:http server listening (or, from @hono/node-server, already asked to), with its address and its close. */
async function listening(server, port, host, listen = true) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    if (server.listening) resolve();
    else server.once('listening', resolve);
    if (listen) server.listen(port, host);
  });
  const close = () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
    });
  return { address: server.address(), close };
}

/**
 * Composes `api` with the process's settings and serves it through `mount` on PORT and HOST until SIGTERM or SIGINT,
 * then closes the server and stops the service (the usage counts flushed, the storage closed).
 */
export async function serveMounted(api, mount, prefix) {
  // Its lines go to this process's stdout and stderr, the access log batched, as `npm start` writes them.
  const service = await composeApi(api, process.env);
  const { port, host } = service.settings;
  const { address, close } = await MOUNTS[mount](service, prefix, port, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${prefix}`;
  const info = (message, fields) => console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', message, ...fields }));
  info('listening', { url, mount, storage: service.storage, pid: process.pid });
  await new Promise((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  info('stopping', { pid: process.pid });
  await Promise.all([close(), service.stop()]);
}
