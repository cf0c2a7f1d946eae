// Needs: PostgreSQL
import { request } from 'node:http';
import t from 'tap';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { runMain } from './fixtures/main-process.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { clientsProcess } from './fixtures/built-program.js';

// Two workers under load, then drained: about 25 s alone, near 60 s beside other suites in CI.
t.setTimeout(120_000);

/** `npm run clients -- ...args` on the database; its stdout. */
async function clients(args: readonly string[], url: string): Promise<string> {
  const run = await clientsProcess(args, { STORAGE: 'postgres', DATABASE_URL: url, TODAY: '2026-11-22' });
  if (run.code !== 0) throw new Error(`clients ${args.join(' ')}: exit ${run.code}: ${run.stderr}`);
  return run.stdout;
}

/** One request on a connection of its own: its status, or undefined when it got no answer (refused while stopping). */
function get(port: number, path: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request({ port, path, headers: { ...headers, connection: 'close' }, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
      response.on('error', () => resolve(undefined));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

const url = await testDatabase(t);
if (url !== undefined) {
  t.test('two workers under load, then SIGTERM: every answered request of the API is counted, once; the report says who called what', async (t) => {
    const first = (await clients(['create', 'legacy-shop', '--version', '2.1.0'], url)).trim().split('\n').at(-1) as string;
    const second = (await clients(['create', 'new-app'], url)).trim().split('\n').at(-1) as string;
    const service = runMain(t, {
      STORAGE: 'postgres',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '4',
      WORKERS: '2',
      ACCESS_LOG: 'off',
      TODAY: '2026-11-22',
    });
    const listening = await service.lines('listening', 2);
    const port = Number(new URL(String(listening?.[0]?.['url'])).port);
    const mixes: [string, Record<string, string>, boolean][] = [
      ['/doggies/1/', { authorization: `Bearer ${first}` }, true],
      ['/doggies/', { authorization: `Bearer ${second}` }, true],
      ['/doggies/1/', { accept: 'application/json; version=3.0.0' }, true],
      ['/cats/', { authorization: `Bearer ${first}`, accept: 'application/json; version=9.9.9' }, true],
      ['/no/such/path/', {}, false],
      ['/client/', { authorization: `Bearer ${second}` }, true],
    ];
    let answered = 0;
    let sent = 0;
    let stopped = false;
    const worker = async (offset: number): Promise<void> => {
      for (let index = offset; ; index += 4) {
        const [path, headers, counted] = mixes[index % mixes.length] as (typeof mixes)[number];
        sent += 1;
        const status = await get(port, path, headers);
        if (status === undefined) {
          if (stopped) return;
          continue;
        }
        if (counted) answered += 1;
        if (answered === 400 && !stopped) {
          stopped = true;
          service.child.kill('SIGTERM');
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    const exit = await service.finished();
    t.same(exit, { code: 0, signal: null }, 'drained and exited 0');
    const pool = createPool({ url, size: 1, onIdleError: () => undefined });
    t.teardown(() => pool.end());
    const { rows } = await pool.query<{ client: string; version: string; route: string; requests: string }>(
      'SELECT client, version, route, sum(requests)::text AS requests FROM api_usage GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
    );
    const counted = rows.reduce((sum, row) => sum + Number(row.requests), 0);
    t.equal(counted, answered, `answered ${answered} of ${sent} sent (the rest refused after SIGTERM): each counted once`);
    t.same(
      rows.map(({ client, version, route }) => `${client} ${version} ${route}`),
      [
        'anonymous 3.0.0 /doggies/:id/',
        'legacy-shop 2.1.0 /doggies/:id/',
        'legacy-shop none /cats/',
        `new-app ${rows.find((row) => row.client === 'new-app' && row.route === '/doggies/')?.version ?? '?'} /doggies/`,
        'new-app none /client/',
      ],
      'per caller, served version and route template; the junk path adds nothing',
    );
    const report = JSON.parse(await clients(['report', '--json'], url)) as {
      client: string;
      version: string;
      requests: number;
      deprecated: boolean;
    }[];
    t.equal(
      report.reduce((sum, row) => sum + row.requests, 0),
      answered,
      'the report adds up to the same',
    );
    t.match(report[report.length - 1], { version: 'none' }, 'requests at no version come last');
    t.comment(`usage after SIGTERM under load: ${answered} answered, ${counted} counted\n${await clients(['report'], url)}`);
    const list = await clients(['list'], url);
    t.match(list, /legacy-shop\s+2\.1\.0 .*2026-11-22/, 'list: the last request day');
  });
}
