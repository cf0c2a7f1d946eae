// Micro-benchmark behind StreamTextWriter (src/adapters/process/stream-text-writer.ts): what it costs a
// process to hand its stdout, a pipe drained by its parent as a log collector would, 64 KiB of log lines
// at a time, given as one string (built by concatenation, as BufferedLineWriter builds it) or as bytes
// encoded first. Prints the child's CPU (user and system) per line for each way, alternating, and medians.
//
//   npm run build:scripts && node dist/scripts/log-write-bench.js [--lines N] [--rounds N]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './bench/results.js';

const WAYS = ['string', 'bytes'] as const;
type Way = (typeof WAYS)[number];
const LINE = '{"time":"2026-11-23T17:02:11.123Z","method":"GET","path":"/doggies/1/","status":200,"version":"2.1.0","duration_ms":0.123}';
const BATCH_CHARS = 64 * 1024;

/** The child: writes `lines` lines to its stdout in batches, one turn of the event loop each; reports its CPU per line on stderr. */
function writeLines(way: Way, lines: number): void {
  const started = process.cpuUsage();
  let written = 0;
  const batch = (): void => {
    let pending = '';
    while (pending.length < BATCH_CHARS && written < lines) {
      pending += `${LINE.slice(0, 100 + (written % 8))}\n`;
      written += 1;
    }
    if (way === 'string') process.stdout.write(pending);
    else process.stdout.write(Buffer.from(pending));
    if (written < lines) setImmediate(batch);
    else {
      const { user, system } = process.cpuUsage(started);
      process.stderr.write(`${JSON.stringify({ user: user / lines, system: system / lines })}\n`);
    }
  };
  batch();
}

/** The parent: runs one child for a way, drains its stdout, returns the child's CPU µs per line. */
function run(way: Way, lines: number): Promise<{ user: number; system: number }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', way, '--lines', String(lines)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.resume();
  let report = '';
  child.stderr.on('data', (chunk: Buffer) => (report += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(report) as { user: number; system: number }) : reject(new Error(`child exited ${code}: ${report}`)))),
  );
}

const { values } = parseArgs({ options: { child: { type: 'string' }, lines: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '5' } } });
const lines = Number(values.lines);
if (values.child !== undefined) {
  writeLines(values.child as Way, lines);
} else {
  const rounds = Number(values.rounds);
  const results = new Map<Way, { user: number; system: number }[]>(WAYS.map((way) => [way, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const way of WAYS) {
      const cpu = await run(way, lines);
      results.get(way)?.push(cpu);
      process.stdout.write(`round ${round} ${way.padEnd(6)}: user ${cpu.user.toFixed(3)} µs/line, system ${cpu.system.toFixed(3)} µs/line\n`);
    }
  }
  for (const [way, cpus] of results) {
    process.stdout.write(`median ${way.padEnd(6)}: user ${median(cpus.map((cpu) => cpu.user)).toFixed(3)} µs/line, system ${median(cpus.map((cpu) => cpu.system)).toFixed(3)} µs/line (${lines} lines, ${rounds} rounds)\n`);
  }
}
