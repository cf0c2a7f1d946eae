// The access log of several workers, as a log collector receives it: the compiled service with WORKERS=2
// (dist/main.js) under load, its stdout piped to a reader process that checks each line is whole JSON and
// counts access lines against the requests answered. Reports the primary's CPU (from /proc, so Linux only)
// per access line it passed on. With --slow the reader pauses 30 ms in every 50, as a collector that falls
// behind does: that is when the writes of two workers to one pipe could interleave.
//
//   npm run build && npm run build:scripts && node dist/scripts/worker-log-bench.js [--slow] [--seconds S] [--rounds N] [--main PATH]
//
// --main runs another build's main.js (an older commit's dist/main.js) under the same load, to compare.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSecondsOf, parentPidOf } from './bench/child-process.js';
import { LoadGenerator } from './bench/load-spec.js';

const SCRIPT = fileURLToPath(import.meta.url);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const LOAD_GENERATOR = join(HERE, 'bench', 'load-generator.js');
const CONNECTIONS = 50;

interface Counts {
  lines: number;
  broken: number;
  access: number;
  stopped: number;
}

/** The reader: counts the lines on its stdin; tells its parent each worker's url and pid, and the counts at the end. */
function read(slow: boolean): void {
  const counts: Counts = { lines: 0, broken: 0, access: 0, stopped: 0 };
  createInterface({ input: process.stdin }).on('line', (line) => {
    counts.lines += 1;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      counts.broken += 1;
      return;
    }
    if (parsed['method'] !== undefined) counts.access += 1;
    else if (parsed['message'] === 'listening') process.stdout.write(`${JSON.stringify({ url: parsed['url'], pid: parsed['pid'] })}\n`);
    else if (parsed['message'] === 'stopped') counts.stopped += 1;
  });
  if (slow) {
    setInterval(() => {
      process.stdin.pause();
      setTimeout(() => process.stdin.resume(), 30);
    }, 50).unref();
  }
  process.stdin.on('end', () => process.stdout.write(`${JSON.stringify(counts)}\n`));
}

/** What /proc says (Linux only): this bench cannot run without it. */
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`cannot read ${what} from /proc: this bench runs on Linux`);
  return value;
}

async function round(load: LoadGenerator, main: string, seconds: number, slow: boolean): Promise<Counts & { requests: number; primaryCpuUsPerLine: number }> {
  const pipeline = `exec "${process.execPath}" "${main}" | exec "${process.execPath}" "${SCRIPT}" --reader${slow ? ' --slow' : ''}`;
  const shell = spawn('sh', ['-c', pipeline], {
    env: { PATH: process.env.PATH ?? '', WORKERS: '2', PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const reports: Record<string, unknown>[] = [];
  createInterface({ input: shell.stdout }).on('line', (line) => reports.push(JSON.parse(line) as Record<string, unknown>));
  const exited = new Promise((resolve) => shell.once('exit', resolve));
  while (reports.length < 2) {
    if (shell.exitCode !== null) throw new Error(`the service exited before two workers listened`);
    await delay(50);
  }
  const primary = required(await parentPidOf(Number(reports[0]?.['pid'])), 'the primary\'s pid');
  const before = required(await cpuSecondsOf(primary), 'the primary\'s CPU');
  const result = await load.run({
    url: String(reports[0]?.['url']),
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ path: '/doggies/1/', accept: 'application/json; version=2.1.0' }],
  });
  await delay(500); // the last batches: workers flush every 20 ms
  const cpuMicroseconds = (required(await cpuSecondsOf(primary), 'the primary\'s CPU') - before) * 1e6;
  process.kill(primary, 'SIGTERM');
  await exited;
  const counts = reports.at(-1) as unknown as Counts;
  return { requests: result.requests, ...counts, primaryCpuUsPerLine: cpuMicroseconds / counts.access };
}

const { values } = parseArgs({
  options: {
    reader: { type: 'boolean', default: false },
    slow: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    main: { type: 'string', default: join(HERE, '..', 'main.js') },
  },
});
if (values.reader) {
  read(values.slow);
} else {
  const load = new LoadGenerator(LOAD_GENERATOR);
  let failed = false;
  try {
    for (let index = 1; index <= Number(values.rounds); index += 1) {
      const result = await round(load, values.main, Number(values.seconds), values.slow);
      // autocannon stops counting at the end of its duration: the requests then in flight (one per connection) are answered and logged too.
      const whole = result.broken === 0 && result.access >= result.requests && result.access <= result.requests + CONNECTIONS && result.stopped === 3;
      failed ||= !whole;
      process.stdout.write(
        `round ${index}${values.slow ? ' (slow reader)' : ''}: ${result.requests} requests answered, ${result.lines} lines, ` +
          `${result.broken} broken, ${result.access} access lines, ${result.stopped} of 3 'stopped' lines; ` +
          `primary ${result.primaryCpuUsPerLine.toFixed(2)} µs CPU per access line${whole ? '' : '  <- LOST OR BROKEN LINES'}\n`,
      );
    }
  } finally {
    load.stop();
  }
  process.exitCode = failed ? 1 : 0;
}
