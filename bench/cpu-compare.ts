import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSecondsOf, type ServerProcess } from './harness/child-process.js';
import { writeDataFile } from './harness/data-files.js';
import { difference, record, type RecordedResponse } from './harness/recorded-response.js';
import { median } from './harness/results.js';
import { RunningProcesses } from './harness/running-processes.js';
import { BARE_SERVER, LOAD_GENERATOR, SERVICE_MAIN, serviceEnvironment, serviceNodeFlags } from './harness/service-launch.js';
import { bareServers, parseCompareOptions, USAGE, type CompareOptions } from './compare/options.js';

/**
 * Compares the CPU time per request of several builds or settings of the service under one request,
 * finer than `npm run bench` can: on a small virtual machine one process can run 10 µs a request slower
 * than another of the same build for minutes, so each variant gets several processes, and one round
 * measures every process once, the variants interleaved, so that a slow spell of the machine falls on
 * all of them. Linux only (CPU time from /proc).
 */
const NODE_FLAGS = serviceNodeFlags();
const DOGS = 1_000;

interface Measured {
  readonly variant: string;
  readonly process: number;
  readonly cpuMicrosPerRequest: number;
  readonly requestsPerSecond: number;
  readonly p99: number;
}

const processes = new RunningProcesses(LOAD_GENERATOR);

async function main(): Promise<number> {
  let options: CompareOptions;
  try {
    options = parseCompareOptions(process.argv.slice(2), SERVICE_MAIN);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage: ${USAGE}\n`);
    return 2;
  }
  if ((await cpuSecondsOf(process.pid)) === undefined) {
    process.stderr.write('cpu-compare reads CPU time from /proc, which this system does not have\n');
    return 2;
  }
  const directory = await mkdtemp(join(tmpdir(), 'version-aware-api-compare-'));
  try {
    const dataFile = await writeDataFile(directory, DOGS);
    const servers: { readonly variant: string; readonly index: number; readonly server: ServerProcess }[] = [];
    let expected: RecordedResponse | undefined;
    // What the bare server replays: the first variant's response.
    const table = join(directory, 'responses.json');
    for (let index = 1; index <= options.processes; index += 1) {
      for (const variant of options.variants) {
        const env = { ...serviceEnvironment(dataFile, 'on'), ...variant.env };
        const server = await processes.start(variant.main, [], env, NODE_FLAGS);
        const response = await record(server.url, options.path, options.accept);
        if (expected === undefined) {
          expected = response;
          await writeFile(table, JSON.stringify([expected]));
        }
        const why = difference(expected, response);
        if (why !== undefined) throw new Error(`${variant.name} answers ${options.path} differently from ${options.variants[0]?.name}: ${why}`);
        servers.push({ variant: variant.name, index, server });
      }
      for (const { name, micros } of bareServers(options)) {
        servers.push({ variant: name, index, server: await processes.start(BARE_SERVER, micros > 0 ? [table, String(micros)] : [table], {}) });
      }
    }
    say(
      `${servers.length} processes (${options.processes} a variant), ${options.rounds} rounds, ${options.duration} s runs after ${options.warmup} s of load, ${options.connections} connections, GET ${options.path} with Accept: ${options.accept}`,
    );
    say(
      `service: node ${NODE_FLAGS.join(' ')} MAIN_JS, ${DOGS} dogs; variants: ${options.variants.map((variant) => `${variant.name} = ${variant.main} ${JSON.stringify(variant.env)}`).join('; ')}`,
    );
    const runs: Measured[] = [];
    for (let round = 1; round <= options.rounds; round += 1) {
      for (const { variant, index, server } of servers) {
        const run = await measure(variant, index, server, options);
        runs.push(run);
        say(
          `round ${round}  ${`${variant}#${index}`.padEnd(20)} ${run.cpuMicrosPerRequest.toFixed(1).padStart(6)} µs/req  ${Math.round(run.requestsPerSecond).toString().padStart(6)} req/s  p99 ${run.p99} ms`,
        );
      }
    }
    report(runs, [...options.variants.map((variant) => variant.name), ...bareServers(options).map((bare) => bare.name)]);
    return 0;
  } catch (error) {
    process.stderr.write(`cpu-compare failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await processes.stopAll();
    await rm(directory, { recursive: true, force: true });
  }
}

async function measure(variant: string, index: number, server: ServerProcess, options: CompareOptions): Promise<Measured> {
  const requests = [{ path: options.path, accept: options.accept }];
  if (options.warmup > 0) await processes.load({ url: server.url, connections: options.connections, duration: options.warmup, requests });
  const before = (await cpuSecondsOf(server.pid)) as number;
  const result = await processes.load({ url: server.url, connections: options.connections, duration: options.duration, requests });
  const after = (await cpuSecondsOf(server.pid)) as number;
  const failed = result.errors + result.timeouts;
  if (failed > 0 || result.requests === 0) throw new Error(`${variant}#${index}: ${result.requests} answered, ${failed} errors or timeouts`);
  return {
    variant,
    process: index,
    cpuMicrosPerRequest: ((after - before) * 1e6) / result.requests,
    requestsPerSecond: result.requestsPerSecond,
    p99: result.p99,
  };
}

/** Per variant: the median of all its runs, the spread of its processes' medians, and how it compares with the first. */
function report(runs: readonly Measured[], variants: readonly string[]): void {
  say('');
  say("variant               CPU µs/req (median of runs)  × first  processes' medians   req/s (median)");
  let first: number | undefined;
  for (const variant of variants) {
    const own = runs.filter((run) => run.variant === variant);
    const cpu = median(own.map((run) => run.cpuMicrosPerRequest));
    first ??= cpu;
    const perProcess = [...new Set(own.map((run) => run.process))].map((index) =>
      median(own.filter((run) => run.process === index).map((run) => run.cpuMicrosPerRequest)),
    );
    const spread = `${Math.min(...perProcess).toFixed(1)}–${Math.max(...perProcess).toFixed(1)}`;
    say(
      `${variant.padEnd(22)}${cpu.toFixed(1).padStart(26)}  ${(cpu / first).toFixed(2).padStart(7)}  ${spread.padStart(18)}  ${Math.round(
        median(own.map((run) => run.requestsPerSecond)),
      )
        .toString()
        .padStart(15)}`,
    );
  }
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

process.exitCode = await main();
