// Micro-benchmark behind StreamTextWriter and BufferedLineWriter (src/adapters/process/stream-text-writer.ts,
// src/adapters/http/buffered-line-writer.ts): what it costs a process to hand its stdout, a pipe drained by
// its parent as a log collector would, 64 KiB of log lines at a time, three ways: one string built by
// concatenation and handed as it is (`string`), that string encoded at the end (`bytes`, what the service
// does), or each line encoded into a batch buffer as it comes (`lines`, tried and slower: a call into
// node per line costs more than one for the batch). `--garbage=N` has the child also allocate N bytes of
// short-lived objects per line, as a server allocates per request, so that the young generation is
// collected while a batch is built. Prints the child's CPU (user and system) per line for each way,
// alternating, and medians.
//
//   npm run build:scripts && node dist/scripts/log-write-bench.js [--lines N] [--rounds N] [--garbage N]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './bench/results.js';

const WAYS = ['string', 'bytes', 'lines'] as const;
type Way = (typeof WAYS)[number];
const LINE = '{"time":"2026-11-23T17:02:11.123Z","method":"GET","path":"/doggies/1/","status":200,"version":"2.1.0","duration_ms":0.123}';
const BATCH_CHARS = 64 * 1024;

/** Short-lived objects of about `bytes` bytes, dropped at once: what a request leaves behind. */
function allocateGarbage(bytes: number): void {
  let kept: unknown = undefined;
  for (let made = 0; made < bytes; made += 64) kept = { made, kept: made % 2 === 0 ? undefined : kept, text: `${made}` };
  if (kept === LINE) throw new Error('unreachable');
}

/** A fresh line, built from pieces as the service builds its access line per request. */
function nextLine(written: number): string {
  return `${LINE.slice(0, 50)}${written % 8}${LINE.slice(51, 100 + (written % 8))}`;
}

/** The child: writes `lines` lines to its stdout in batches, one turn of the event loop each; reports its CPU per line on stderr. */
function writeLines(way: Way, lines: number, garbage: number): void {
  const started = process.cpuUsage();
  let written = 0;
  const encoded = Buffer.allocUnsafe(BATCH_CHARS);
  const batch = (): void => {
    if (way === 'lines') {
      let used = 0;
      for (let line = nextLine(written); written < lines && used + 3 * line.length + 1 <= BATCH_CHARS; line = nextLine(written)) {
        used += encoded.write(line, used);
        encoded[used++] = 0x0a;
        written += 1;
        allocateGarbage(garbage);
      }
      process.stdout.write(Buffer.from(encoded.subarray(0, used)));
    } else {
      let pending = '';
      while (pending.length < BATCH_CHARS && written < lines) {
        pending += `${nextLine(written)}\n`;
        written += 1;
        allocateGarbage(garbage);
      }
      if (way === 'string') process.stdout.write(pending);
      else process.stdout.write(Buffer.from(pending));
    }
    if (written < lines) setImmediate(batch);
    else {
      const { user, system } = process.cpuUsage(started);
      process.stderr.write(`${JSON.stringify({ user: user / lines, system: system / lines })}\n`);
    }
  };
  batch();
}

/** The parent: runs one child for a way, drains its stdout, returns the child's CPU µs per line. */
function run(way: Way, lines: number, garbage: number): Promise<{ user: number; system: number }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', way, '--lines', String(lines), '--garbage', String(garbage)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.resume();
  let report = '';
  child.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(report) as { user: number; system: number }) : reject(new Error(`child exited ${code}: ${report}`)))),
  );
}

const { values } = parseArgs({ options: { child: { type: 'string' }, lines: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '5' }, garbage: { type: 'string', default: '0' } } });
const lines = Number(values.lines);
const garbage = Number(values.garbage);
if (values.child !== undefined) {
  writeLines(values.child as Way, lines, garbage);
} else {
  const rounds = Number(values.rounds);
  const results = new Map<Way, { user: number; system: number }[]>(WAYS.map((way) => [way, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const way of WAYS) {
      const cpu = await run(way, lines, garbage);
      results.get(way)?.push(cpu);
      process.stdout.write(`round ${round} ${way.padEnd(6)}: user ${cpu.user.toFixed(3)} µs/line, system ${cpu.system.toFixed(3)} µs/line\n`);
    }
  }
  for (const [way, cpus] of results) {
    process.stdout.write(`median ${way.padEnd(6)}: user ${median(cpus.map((cpu) => cpu.user)).toFixed(3)} µs/line, system ${median(cpus.map((cpu) => cpu.system)).toFixed(3)} µs/line (${lines} lines, ${rounds} rounds, ${garbage} bytes of garbage a line)\n`);
  }
}
