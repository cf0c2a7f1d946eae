import { readdir, readFile, copyFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { commandLine } from './harness/command-line.js';
import { databaseServer, serveData, type ServedData } from './harness/served-data.js';
import { RunningProcesses } from './harness/running-processes.js';
import { LOAD_GENERATOR, SERVICE_MAIN, serviceNodeFlags } from './harness/service-launch.js';
import { PROFILE_COMMAND } from './profile/options.js';
import { framesTable, topFrames, type CpuProfile } from './profile/top-frames.js';

/**
 * `npm run profile`: the service run with `node --cpu-prof` under one request, warmed up first; once stopped,
 * the functions with the most self time during the profiled load (not the start, not the warm-up), as a table.
 */
const processes = new RunningProcesses(LOAD_GENERATOR);

const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<number> {
  const parsed = commandLine(PROFILE_COMMAND, process.argv.slice(2));
  if ('exitCode' in parsed) return parsed.exitCode;
  const { options } = parsed;
  const server = databaseServer(options.storage);
  if ('refusal' in server) {
    process.stderr.write(server.refusal);
    return 2;
  }
  let data: ServedData | undefined;
  try {
    data = await serveData(options.storage, server.url, options.dogs, 'profile');
    const { directory } = data;
    const env = data.environment('off');
    const main = options.main === undefined ? SERVICE_MAIN : resolve(options.main);
    const flags = [...serviceNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${directory}`];
    const service = await processes.start(main, [], env, flags);
    const requests = [{ path: options.path, accept: options.accept }];
    if (options.warmup > 0) await processes.load({ url: service.url, connections: options.connections, duration: options.warmup, requests });
    const from = monotonicMicros();
    const load = await processes.load({ url: service.url, connections: options.connections, duration: options.duration, requests });
    const to = monotonicMicros();
    await processes.stop(service);
    if (load.errors + load.timeouts > 0) throw new Error(`${load.errors} errors and ${load.timeouts} timeouts under load`);
    const file = (await readdir(directory)).find((name) => name.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error('the service wrote no .cpuprofile (did it exit cleanly on SIGTERM?)');
    if (options.keep !== undefined) await copyFile(join(directory, file), options.keep);
    const profile = JSON.parse(await readFile(join(directory, file), 'utf8')) as CpuProfile;
    // Files are named from the profiled build's root (the folder above its dist/), whichever build it is.
    const { frames, busyMicros } = topFrames(profile, dirname(dirname(main)), options.top, { from, to });
    const seconds = (to - from) / 1e6;
    say(
      `GET ${options.path} (Accept: ${options.accept}), ${options.dogs} dogs in ${options.storage}, ${main}: ` +
        `${load.requests} requests in ${seconds.toFixed(1)} s (${Math.round(load.requestsPerSecond)} req/s, ${options.connections} connections, ${processes.loadGenerator}), ` +
        `main thread busy ${((busyMicros / (to - from)) * 100).toFixed(0)} %, ${(busyMicros / load.requests).toFixed(1)} µs sampled a request`,
    );
    say('');
    say(framesTable(frames));
    if (options.keep !== undefined) say(`\nprofile kept in ${options.keep}`);
    return 0;
  } catch (error) {
    process.stderr.write(`profile failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await processes.stopAll();
    await data?.remove();
  }
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

process.exitCode = await main();
