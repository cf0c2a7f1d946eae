import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import express from 'express';
import Fastify from 'fastify';
import { serveFastifyOnFreePort, serveOnFreePort } from './server-process.js';

/**
 * The invoicing team's own server as it was before versioning, over its in-memory store: what the layer is added to,
 * measured beside it so that a ratio says what adding it costs the team. `node`: its own routes
 * (examples/invoices/existing/routes.mjs); `express`, `fastify`: the same reads as that framework's own routes, set up
 * as the mounted example is (Express with `express.json()` first). It serves the newest shape whatever the version
 * asked, without the layer's headers: the same records, not the same bytes. Run as its own process:
 * `node team-invoices-server.js [node|express|fastify]`.
 */
interface Invoice {
  readonly id: string;
}
interface InvoiceStore {
  list(filter: { status?: string | undefined }): Promise<Invoice[]>;
  find(id: string): Promise<Invoice | undefined>;
}

const existing = new URL('../../../../examples/invoices/existing/', import.meta.url);
const { existingServer } = (await import(new URL('routes.mjs', existing).href)) as { existingServer: (store: InvoiceStore) => Server };
const { InMemoryInvoiceStore } = (await import(new URL('invoice-store.mjs', existing).href)) as { InMemoryInvoiceStore: new () => InvoiceStore };

const {
  positionals: [framework = 'node'],
} = parseArgs({ allowPositionals: true });
const store = new InMemoryInvoiceStore();
const noInvoice = { detail: 'no_invoice' };
const statusOf = (query: unknown): string | undefined => (typeof query === 'string' ? query : undefined);

if (framework === 'node' || framework === 'express') {
  serveOnFreePort(framework === 'node' ? existingServer(store) : expressServer());
} else if (framework === 'fastify') {
  const app = Fastify();
  app.get('/invoices/', (request) => store.list({ status: statusOf((request.query as Record<string, unknown>).status) }));
  app.get('/invoices/:id/', async (request, reply) => {
    const invoice = await store.find((request.params as { id: string }).id);
    return invoice ?? reply.code(404).send(noInvoice);
  });
  await serveFastifyOnFreePort(app);
} else {
  process.stderr.write(`usage: team-invoices-server.js [node|express|fastify] (not ${JSON.stringify(framework)})\n`);
  process.exit(2);
}

function expressServer(): Server {
  const app = express();
  app.use(express.json());
  app.get('/invoices/', async (req, res) => void res.json(await store.list({ status: statusOf(req.query.status) })));
  app.get('/invoices/:id/', async (req, res) => {
    const invoice = await store.find(req.params.id);
    if (invoice === undefined) res.status(404).json(noInvoice);
    else res.json(invoice);
  });
  return createServer(app);
}
