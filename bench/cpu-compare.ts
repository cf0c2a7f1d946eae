import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpuSecondsOf, type ServerProcess } from './harness/child-process.js';
import { difference, record, type RecordedResponse } from './harness/recorded-response.js';
import { median } from './harness/results.js';
import { RunningProcesses } from './harness/running-processes.js';
import { databaseServer, serveData, type ServedData } from './harness/served-data.js';
import {
  BARE_POSTGRES_SERVER,
  BARE_SERVER,
  LOAD_GENERATOR,
  POSTGRES_POOL_SIZE,
  SERVICE_MAIN,
  serviceNodeFlags,
  TODAY,
} from './harness/service-launch.js';
import { commandLine } from './harness/command-line.js';
import { wrkRounding } from './harness/wrk.js';
import { bareServers, compareCommand, type CompareOptions } from './compare/options.js';

/**
 * Compares the CPU time per request of several builds or settings of the service under one request,
 * finer than `npm run bench` can: on a small virtual machine one process can run 10 µs a request slower
 * than another of the same build for minutes, so each variant gets several processes, and one round
 * measures every process once, the variants interleaved, so that a slow spell of the machine falls on
 * all of them. Linux only (CPU time from /proc).
 */
const NODE_FLAGS = serviceNodeFlags();

interface Measured {
  readonly variant: string;
  readonly process: number;
  readonly cpuMicrosPerRequest: number;
  readonly requestsPerSecond: number;
  readonly p99: number;
}

const processes = new RunningProcesses(LOAD_GENERATOR);

async function main(): Promise<number> {
  const parsed = commandLine(compareCommand(SERVICE_MAIN), process.argv.slice(2));
  if ('exitCode' in parsed) return parsed.exitCode;
  const { options } = parsed;
  const server = databaseServer(options.storage);
  if ('refusal' in server) {
    process.stderr.write(server.refusal);
    return 2;
  }
  if ((await cpuSecondsOf(process.pid)) === undefined) {
    process.stderr.write('cpu-compare reads CPU time from /proc, which this system does not have\n');
    return 2;
  }
  let data: ServedData | undefined;
  try {
    data = await serveData(options.storage, server.url, options.dogs, 'compare');
    const { directory, database } = data;
    const baseEnv = data.environment('on');
    const servers: { readonly variant: string; readonly index: number; readonly server: ServerProcess }[] = [];
    let expected: RecordedResponse | undefined;
    // What the bare server replays: the first variant's response.
    const table = join(directory, 'responses.json');
    for (let index = 1; index <= options.processes; index += 1) {
      for (const variant of options.variants) {
        // A setting given empty is left unset (DATA_FILE= for an API with a store of its own).
        const env = Object.fromEntries(Object.entries({ ...baseEnv, ...variant.env }).filter(([, value]) => value !== ''));
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
      for (const { name, micros, statements = 'one' } of bareServers(options)) {
        const [script, args] =
          database === undefined
            ? [BARE_SERVER, micros > 0 ? [table, String(micros)] : [table]]
            : [BARE_POSTGRES_SERVER, [table, database.url, TODAY, String(POSTGRES_POOL_SIZE), statements]];
        const bare = await processes.start(script, args, {}, NODE_FLAGS);
        const why = difference(expected as RecordedResponse, await record(bare.url, options.path, options.accept));
        if (why !== undefined) throw new Error(`the bare server answers ${options.path} differently: ${why}`);
        servers.push({ variant: name, index, server: bare });
      }
    }
    say(
      `${servers.length} processes (${options.processes} a variant), ${options.rounds} rounds, ${options.duration} s runs after ${options.warmup} s of load, ${options.connections} connections, GET ${options.path} with Accept: ${options.accept}`,
    );
    say(`load generator: ${processes.loadGenerator}${processes.usesWrk ? wrkRounding([options.duration, options.warmup]) : ''}`);
    say(
      `service: node ${NODE_FLAGS.join(' ')} MAIN_JS (the bare servers with the same node flags), ${options.dogs} dogs ${database === undefined ? 'in memory' : `in PostgreSQL (${database.name})`}; variants: ${options.variants.map((variant) => `${variant.name} = ${variant.main} ${JSON.stringify(variant.env)}`).join('; ')}`,
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
    await data?.remove();
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

/**
 * Per variant: the median of all its runs, the spread of its processes' medians, how it compares with the first,
 * its median req/s and p99, and its req/s over the (first) bare server's.
 */
function report(runs: readonly Measured[], variants: readonly string[]): void {
  say('');
  say("variant               CPU µs/req (median of runs)  × first  processes' medians   req/s (median)  × bare req/s  p99 ms (median)");
  const medianOf = (variant: string, figure: (run: Measured) => number): number => median(runs.filter((run) => run.variant === variant).map(figure));
  const first = medianOf(variants[0] as string, (run) => run.cpuMicrosPerRequest);
  const bare = variants.includes('bare') ? medianOf('bare', (run) => run.requestsPerSecond) : undefined;
  for (const variant of variants) {
    const own = runs.filter((run) => run.variant === variant);
    const cpu = medianOf(variant, (run) => run.cpuMicrosPerRequest);
    const perProcess = [...new Set(own.map((run) => run.process))].map((index) =>
      median(own.filter((run) => run.process === index).map((run) => run.cpuMicrosPerRequest)),
    );
    const spread = `${Math.min(...perProcess).toFixed(1)}–${Math.max(...perProcess).toFixed(1)}`;
    const requestsPerSecond = medianOf(variant, (run) => run.requestsPerSecond);
    const overBare = bare === undefined ? 'n/a' : (requestsPerSecond / bare).toFixed(2);
    say(
      `${variant.padEnd(22)}${cpu.toFixed(1).padStart(26)}  ${(cpu / first).toFixed(2).padStart(7)}  ${spread.padStart(18)}  ` +
        `${Math.round(requestsPerSecond).toString().padStart(15)}  ${overBare.padStart(12)}  ${medianOf(variant, (run) => run.p99)
          .toFixed(2)
          .padStart(15)}`,
    );
  }
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

process.exitCode = await main();
