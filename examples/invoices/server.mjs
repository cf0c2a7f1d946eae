// `npm run example:invoices`: the invoicing API with its own store, in PostgreSQL (its own tables) with DATABASE_URL,
// in memory without; served as `npm start` serves the dogs and cats, with the same settings.
import { runApi } from 'version-aware-api';
import { invoicingApi } from './api.mjs';
import { InMemoryInvoiceStore } from './existing/invoice-store.mjs';

const url = process.env.DATABASE_URL;
// The same database keeps the layer's clients and usage, in a schema of its own beside the team's tables.
if (url !== undefined) process.env.STORAGE ??= 'postgres';
const store =
  url === undefined ? new InMemoryInvoiceStore() : await (await import('./existing/postgres-invoice-store.mjs')).PostgresInvoiceStore.open(url);
process.once('exit', () => void store.close());
await runApi(invoicingApi(store));
