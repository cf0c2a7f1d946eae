import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Where a server process of the bench listens, as the bench reads it from its first line of stdout. */
const announce = (port: number): void => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
};

/** `server` on a free loopback port, announced; on SIGTERM it closes, then `closed` runs (a pool's end), then the process exits. */
export function serveOnFreePort(server: Server, closed: () => Promise<void> = () => Promise.resolve()): void {
  server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
  process.once('SIGTERM', () => server.close(() => void closed().then(() => process.exit(0))));
}

/** A Fastify app on a free loopback port, announced; closed on SIGTERM, then the process exits. */
export async function serveFastifyOnFreePort(app: FastifyInstance): Promise<void> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  announce(Number(new URL(address).port));
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
