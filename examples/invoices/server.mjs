// `npm run example:invoices`: the invoicing API with its own store, in PostgreSQL (its own tables) with DATABASE_URL,
// in memory without; served as `npm start` serves the dogs and cats, with the same settings. With `--mount=node|
// express|fastify|fetch [--prefix=/api]`, served through that framework beside a route of the team's own (mounts.mjs).
import { parseArgs } from 'node:util';
import { runApi } from 'version-aware-api';
import { invoicingApi } from './api.mjs';
import { InMemoryInvoiceStore } from './existing/invoice-store.mjs';

const { mount, prefix = '' } = parseArgs({ options: { mount: { type: 'string' }, prefix: { type: 'string' } } }).values;
const mounts = mount === undefined ? undefined : await import('./mounts.mjs');
if (mounts !== undefined && !mounts.MOUNT_NAMES.includes(mount)) {
  console.error(`--mount=${mount}: choose one of ${mounts.MOUNT_NAMES.join(', ')}`);
  process.exit(2);
}
if (prefix !== '' && (mount === undefined || mount === 'node' || !/^\/[^?#]*[^/?#]$/.test(prefix))) {
  console.error(`--prefix=${prefix}: a path such as /api, with --mount=express, fastify or fetch (node:http serves the API at the root)`);
  process.exit(2);
}

const url = process.env.DATABASE_URL;
// The same database keeps the layer's clients and usage, in a schema of its own beside the team's tables.
if (url !== undefined) process.env.STORAGE ??= 'postgres';
const store =
  url === undefined ? new InMemoryInvoiceStore() : await (await import('./existing/postgres-invoice-store.mjs')).PostgresInvoiceStore.open(url);
process.once('exit', () => void store.close());
if (mounts === undefined) await runApi(invoicingApi(store));
else await mounts.serveMounted(invoicingApi(store), mount, prefix);
