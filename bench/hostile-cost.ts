import { writeFile } from 'node:fs/promises';
import type { ServerProcess } from './harness/child-process.js';
import { RunningProcesses } from './harness/running-processes.js';
import { LOAD_GENERATOR, SERVICE_MAIN, serviceNodeFlags } from './harness/service-launch.js';
import { growthExponent, measureShape, warmUp, type SizeResult } from './hostile-cost/measure.js';
import { commandLine } from './harness/command-line.js';
import { HOSTILE_COST_COMMAND, MAX_EXPONENT, type HostileCostOptions } from './hostile-cost/options.js';
import { HOSTILE_SHAPES, type HostileShape } from './hostile-cost/shapes.js';

/**
 * What a hostile request costs the service as it grows: for each shape, the service's CPU per request at three
 * sizes, the growth exponent over the last two (64 × apart), the slowest request, and the slowest ordinary request
 * answered meanwhile on another connection. Exits 1 when a shape grows faster than linear, goes unanswered, or (in
 * the full run) a request of the largest size takes longer than the limit. Linux only (CPU time from /proc).
 */
interface ShapeResult {
  readonly shape: string;
  readonly sizes: readonly SizeResult[];
  readonly exponent: number;
  readonly failures: readonly string[];
}

const processes = new RunningProcesses(LOAD_GENERATOR);

const WARM_UP_REQUESTS = 2_000;

async function startService(script: string, options: HostileCostOptions): Promise<ServerProcess> {
  const service = await processes.start(script, [], serviceEnvironment(), serviceNodeFlags());
  await warmUp(Number(new URL(service.url).port), WARM_UP_REQUESTS, options.timeoutMs);
  return service;
}

function serviceEnvironment(): Record<string, string> {
  return { PORT: '0', HOST: '127.0.0.1', ACCESS_LOG: 'off', MAX_HEADER_SIZE: '1048576', TODAY: '2026-11-22', NODE_ENV: 'production' };
}

async function measure(shape: HostileShape, options: HostileCostOptions, service: ServerProcess): Promise<ShapeResult> {
  const port = Number(new URL(service.url).port);
  const sizes: SizeResult[] = [];
  for (const size of options.sizes) {
    sizes.push(await measureShape(shape, size, { ...options, port, pid: service.pid }));
  }
  const [, middle, largest] = sizes as [SizeResult, SizeResult, SizeResult];
  const exponent = growthExponent(middle, largest);
  const failures: string[] = [];
  if (sizes.some((result) => result.statuses['timeout'] !== undefined)) failures.push(`a request went unanswered within ${options.timeoutMs} ms`);
  if (exponent > MAX_EXPONENT) failures.push(`grows with exponent ${exponent.toFixed(2)}, over ${MAX_EXPONENT}`);
  if (options.largestLimitMs > 0 && largest.maxMillis > options.largestLimitMs) {
    failures.push(`a ${largest.bytes}-byte request took ${largest.maxMillis.toFixed(0)} ms, over ${options.largestLimitMs}`);
  }
  return { shape: shape.name, sizes, exponent, failures };
}

function table(results: readonly ShapeResult[], options: HostileCostOptions): string {
  const [a, b, c] = options.sizes.map((size) =>
    size >= 1_000_000 ? `${Math.round(size / 1_000_000)} MB` : size >= 1000 ? `${Math.round(size / 1000)} KB` : `${size} B`,
  );
  const lines = [
    `| shape | CPU/req at ${a} | at ${b} | at ${c} | exponent ${b} → ${c} | slowest at ${c} | ordinary request meanwhile, slowest | statuses at ${c} |`,
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const { shape, sizes, exponent } of results) {
    const largest = sizes[2] as SizeResult;
    const statuses = Object.entries(largest.statuses)
      .map(([status, count]) => `${status} × ${count}`)
      .join(', ');
    lines.push(
      `| ${shape} | ${sizes.map((size) => `${size.cpuMicros.toFixed(0)} µs`).join(' | ')} | ${exponent.toFixed(2)} | ${largest.maxMillis.toFixed(1)} ms | ` +
        `${Math.max(...sizes.map((size) => size.probeMaxMillis)).toFixed(1)} ms | ${statuses} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  const parsed = commandLine(HOSTILE_COST_COMMAND, process.argv.slice(2));
  if ('exitCode' in parsed) return parsed.exitCode;
  const { options } = parsed;
  const script = options.main ?? SERVICE_MAIN;
  const results: ShapeResult[] = [];
  let service = await startService(script, options);
  for (const shape of HOSTILE_SHAPES) {
    const result = await measure(shape, options, service);
    results.push(result);
    process.stdout.write(
      `${result.shape}: exponent ${result.exponent.toFixed(2)}${result.failures.length > 0 ? ` FAILED: ${result.failures.join('; ')}` : ''}\n`,
    );
    // A request left unanswered may still hold the service's thread: the next shape gets a fresh one.
    if (result.sizes.some((size) => size.statuses['timeout'] !== undefined)) {
      await processes.stop(service);
      service = await startService(script, options);
    }
  }
  await processes.stopAll();
  process.stdout.write(`\n${table(results, options)}\n`);
  await writeFile(options.out, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, options, results }, null, 2)}\n`);
  const failed = results.filter((result) => result.failures.length > 0);
  process.stdout.write(`\n${results.length - failed.length} of ${results.length} shapes within bounds; results in ${options.out}\n`);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
