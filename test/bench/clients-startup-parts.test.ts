import t from 'tap';
import { UsageError } from '../../bench/harness/command-line.js';
import { clientsStartupSeconds, parseClientsStartupOptions } from '../../bench/clients-startup/options.js';
import { perClient, startupTable, summary, type StartupReading, type StartupRow } from '../../bench/clients-startup/report.js';

const MIB = 1024 * 1024;
const reading = (ms: number, heapMib: number, peakMib = 100): StartupReading => ({
  ms,
  rssBytes: 80 * MIB,
  peakRssBytes: peakMib * MIB,
  heapUsedBytes: heapMib * MIB,
});

t.test('options: client counts beside none, and starts of each', async (t) => {
  t.same(parseClientsStartupOptions([]), { clients: [50_000, 100_000], repetitions: 3 }, 'defaults');
  t.same(
    parseClientsStartupOptions(['--clients=100000,10,100000', '--repetitions=1']),
    { clients: [10, 100_000], repetitions: 1 },
    'sorted, once each',
  );
  for (const bad of ['--clients=', '--clients=0', '--clients=1.5', '--repetitions=0', '--nope']) {
    t.throws(() => parseClientsStartupOptions([bad]), UsageError, bad);
  }
  const options = parseClientsStartupOptions([]);
  t.ok(clientsStartupSeconds(options, true) > clientsStartupSeconds(options, false), 'longer with PostgreSQL');
});

t.test('the table: medians of the starts, the highest peak, a refusal said with its reason', async (t) => {
  t.same(
    summary({ readings: [reading(500, 10, 90), reading(300, 12, 120), reading(400, 11, 100)] }),
    { ms: 400, rssBytes: 80 * MIB, peakRssBytes: 120 * MIB, heapUsedBytes: 11 * MIB },
    'medians, the peak the highest',
  );
  t.equal(summary({ refusal: 'too large', ms: 100 }), undefined, 'no figures for a refused start');
  const rows: StartupRow[] = [
    { storage: 'memory', measured: 'service', clients: 0, outcome: { readings: [reading(400, 10)] } },
    { storage: 'memory', measured: 'service', clients: 50_000, fileBytes: 15 * MIB, outcome: { readings: [reading(900, 30, 160)] } },
    {
      storage: 'memory',
      measured: 'service',
      clients: 100_000,
      fileBytes: 30 * MIB,
      outcome: { refusal: 'CLIENTS_FILE "clients.json": is too large', ms: 250 },
    },
    { storage: 'postgres', measured: 'openPostgresClients', clients: 0, outcome: { readings: [reading(100, 8)] } },
    { storage: 'postgres', measured: 'openPostgresClients', clients: 100_000, outcome: { readings: [reading(600, 48)] } },
  ];
  const table = startupTable([...rows].reverse()).split('\n');
  t.equal(table.length, 7, 'a header, a rule, a line a row');
  t.equal(table[2], '| memory | the service, to its "listening" line | none | 0.40 s | 80.0 MiB | 100.0 MiB | 10.0 MiB |', 'none');
  t.equal(
    table[3],
    '| memory | the service, to its "listening" line | 50000 (file 15.0 MiB) | 0.90 s | 80.0 MiB | 160.0 MiB | 30.0 MiB |',
    'with its file',
  );
  t.match(table[4], /\| 10\^5 \(file 30\.0 MiB\) \| refused after 0\.25 s: CLIENTS_FILE "clients\.json": is too large \|/, 'refused');
  t.same(
    perClient(rows),
    [
      'memory, the service, to its "listening" line: 50000 clients add 0.50 s (10.0 µs a client) and 20.0 MiB of heap (419 bytes a client), peak RSS 60.0 MiB more',
      'postgres, openPostgresClients alone, in a process: 10^5 clients add 0.50 s (5.0 µs a client) and 40.0 MiB of heap (419 bytes a client), peak RSS 0.0 MiB more',
    ],
    'what a client adds, from the largest count that started; none for what has no run without clients',
  );
});
