import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import express from 'express';
import Fastify from 'fastify';
import { readReplies, type Reply } from './recorded-response.js';
import { serveFastifyOnFreePort, serveOnFreePort } from './server-process.js';

/**
 * A framework's own limit: Express 5 or Fastify 5 answering each recorded (path, Accept, If-None-Match) from a route of
 * its own, one per recorded path, with the bytes the mounted layer sent. Set up as the mounted example is (Express
 * with `express.json()` ahead of its routes), so that the framework's cost is in both and the ratio is the layer's.
 * Run as its own process: `node bare-framework-server.js express|fastify <responses.json>`.
 */
const {
  positionals: [framework = '', responses = ''],
} = parseArgs({ allowPositionals: true });
const { replies, paths } = readReplies(responses);
const replyTo = (req: IncomingMessage): Reply | undefined =>
  replies.get(`${req.url}\n${req.headers.accept ?? ''}\n${req.headers['if-none-match'] ?? ''}`);

if (framework === 'express') {
  const app = express();
  app.use(express.json());
  const route = (req: IncomingMessage, res: ServerResponse): void => {
    const reply = replyTo(req);
    // The bytes as recorded: Express's res.set would add a charset to the Content-Type.
    res.writeHead(reply?.status ?? 500, reply?.headers ?? {});
    res.end(reply?.body);
  };
  for (const path of paths) app.get(path, route);
  serveOnFreePort(createServer(app));
} else if (framework === 'fastify') {
  const app = Fastify();
  for (const path of paths) {
    app.get(path, (request, reply) => {
      const found = replyTo(request.raw);
      if (found === undefined) return reply.code(500).send();
      return reply.code(found.status).headers(found.headers).send(found.body);
    });
  }
  await serveFastifyOnFreePort(app);
} else {
  process.stderr.write(`usage: bare-framework-server.js express|fastify <responses.json> (not ${JSON.stringify(framework)})\n`);
  process.exit(2);
}
