import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * `npm run bench:history [-- --versions=10,100,300]`: what a long history costs. For each count N, a fresh process
 * declares an API of N versions each adding one field to one record type, composes it, and asks for a record and a
 * page of 100 cold at the oldest version and a page at the newest (history-growth/probe.ts). Printed as a table.
 */
const { values } = parseArgs({ options: { versions: { type: 'string', default: '10,100,300' } } });
const counts = values.versions.split(',').map(Number);
if (counts.some((count) => !Number.isSafeInteger(count) || count < 2)) {
  console.error('usage: npm run bench:history [-- --versions=10,100,300] (each a whole number from 2)');
  process.exit(2);
}
const PROBE = fileURLToPath(new URL('./history-growth/probe.js', import.meta.url));

function probe(count: number): Promise<Record<string, number>> {
  const child = spawn(process.execPath, ['--min-semi-space-size=16', PROBE, String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Record<string, number>) : reject(new Error(`the probe of ${count} versions exited ${code}`)),
    ),
  );
}

const ms = (value: number | undefined): string => (value as number).toFixed(1);
console.log(
  '| versions | declare (ms) | compose (ms) | first record at the oldest (ms) | first page of 100 at the oldest (ms) | first page of 100 at the newest (ms) |',
);
console.log('|---:|---:|---:|---:|---:|---:|');
for (const count of counts) {
  const row = await probe(count);
  console.log(
    `| ${count} | ${ms(row.declare_ms)} | ${ms(row.compose_ms)} | ${ms(row.oldestRecord)} | ${ms(row.oldestPage)} | ${ms(row.newestPage)} |`,
  );
}
