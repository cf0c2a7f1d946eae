import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { readReplies } from './recorded-response.js';
import { serveOnFreePort } from './server-process.js';

/**
 * The limit of this stack: a bare node:http server that answers each recorded (path, Accept, If-None-Match) with the
 * bytes the service sent, precomputed. Run as its own process: `node bare-server.js <responses.json> [MICROS]`.
 * With MICROS (cpu-compare's `--bare-work`) it first spends that many µs of CPU on each request, busy.
 */
const {
  positionals: [responses = '', micros = '0'],
} = parseArgs({ allowPositionals: true });
const { replies } = readReplies(responses);

const workMicros = Number(micros);

/**
 * Spends `micros` µs busy, timed by the monotonic clock (about 50 ns a read). Not by process.cpuUsage(): a system call
 * of about 2 µs, it spent more than the work it measured ("1 µs" cost 7). The server's core is busy under load, so
 * the time spent is its CPU time.
 */
function spendCpu(micros: number): void {
  const until = process.hrtime.bigint() + BigInt(Math.round(micros * 1000));
  while (process.hrtime.bigint() < until);
}

const answer = (req: IncomingMessage, res: ServerResponse): void => {
  const reply = replies.get(`${req.url}\n${req.headers.accept ?? ''}\n${req.headers['if-none-match'] ?? ''}`);
  if (reply === undefined) {
    res.writeHead(500);
    res.end();
    return;
  }
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body);
};
// The figure is read once: the limit itself runs no check of it per request.
const server = createServer(
  workMicros > 0
    ? (req, res) => {
        spendCpu(workMicros);
        answer(req, res);
      }
    : answer,
);
serveOnFreePort(server);
