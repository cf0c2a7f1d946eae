import { parseArgs } from 'node:util';
import { openPostgresClients } from '../../src/adapters/persistence/postgres/connect-postgres.js';
import { recordTableOf } from '../../src/adapters/persistence/postgres/record-table.js';
import { RECORD_COLLECTIONS } from '../../src/domain/api-history/bundle.js';
import { memoryOf } from '../harness/child-process.js';
import type { StartupReading } from './report.js';

/**
 * Run as a process of its own by `npm run bench:clients` (`node --expose-gc load-clients.js DATABASE_URL COUNT`):
 * openPostgresClients on the database, as the service's start opens it, then one JSON line on stdout, a
 * StartupReading: the time it took, RSS then and at its peak, and the heap used after a full GC. Exits 1 when it
 * holds other than COUNT clients.
 */
const {
  positionals: [url = '', expected = ''],
} = parseArgs({ allowPositionals: true });
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const started = performance.now();
const store = await openPostgresClients(
  {
    url,
    poolSize: 10,
    statementTimeoutMs: 30_000,
    connectTimeoutMs: 10_000,
    log: (line) => process.stderr.write(`${line}\n`),
  },
  RECORD_COLLECTIONS.map((collection) => recordTableOf(collection)),
);
const ms = performance.now() - started;
const memory = await memoryOf(process.pid);
gc();
const { heapUsed } = process.memoryUsage();
const held = (await store.clients.all()).length;
await store.close();
if (String(held) !== expected) {
  process.stderr.write(`openPostgresClients holds ${held} clients, expected ${expected}\n`);
  process.exitCode = 1;
} else {
  const reading: StartupReading = { ms, rssBytes: memory?.rss, peakRssBytes: memory?.peakRss, heapUsedBytes: heapUsed };
  process.stdout.write(`${JSON.stringify(reading)}\n`);
}
