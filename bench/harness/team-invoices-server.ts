import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The invoicing team's own server as it was before versioning (examples/invoices/existing/routes.mjs) over its
 * in-memory store: what the layer is added to, measured beside it so that a ratio says what adding it costs the team.
 * It serves the newest shape whatever the version asked, without the layer's headers: the same records, not the same
 * bytes. Run as its own process: `node team-invoices-server.js`.
 */
const existing = new URL('../../../../examples/invoices/existing/', import.meta.url);
const { existingServer } = (await import(new URL('routes.mjs', existing).href)) as { existingServer: (store: unknown) => Server };
const { InMemoryInvoiceStore } = (await import(new URL('invoice-store.mjs', existing).href)) as { InMemoryInvoiceStore: new () => unknown };

const server = existingServer(new InMemoryInvoiceStore());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
