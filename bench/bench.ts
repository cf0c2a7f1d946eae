import { EXAMPLE_MAIN, exampleGroup, writeExampleDataFile } from './harness/example-variant.js';
import { INVOICES_MAIN, invoicesGroup, TEAM_INVOICES_SERVER, withoutDataFile } from './harness/invoices-variant.js';
import { BARE_FRAMEWORK_SERVER, BENCHED_MOUNTS, mountGroup, mountTargets } from './harness/mounts-variant.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, release, tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { cpuSecondsOf, memoryOf, type ServerProcess } from './harness/child-process.js';
import { writeDataFile } from './harness/data-files.js';
import type { LoadRequest, LoadResult, LoadSpec } from './harness/load-spec.js';
import { commandLine } from './harness/command-line.js';
import { BENCH_COMMAND, type BenchOptions } from './harness/options.js';
import { difference, record, type RecordedResponse } from './harness/recorded-response.js';
import { machineLine, markdown, scenarioLine } from './harness/report.js';
import {
  median,
  medians,
  pairedRatios,
  runRatioRange,
  type BenchResults,
  type Machine,
  type MemoryResult,
  type MemorySeries,
  type RssReading,
  type RunResult,
  type ScenarioResult,
  type ServiceResult,
} from './harness/results.js';
import { RunningProcesses } from './harness/running-processes.js';
import { backendCpuSeconds, backendCpuUsed, createBenchDatabase, dropBenchDatabase } from './harness/postgres-database.js';
import {
  exponent,
  postgresScenarios,
  REFERENCE_SCENARIOS,
  REFERENCE_SIZE,
  scenarioGroups,
  selected,
  type Scenario,
  type ScenarioGroup,
} from './harness/scenarios.js';
import {
  BARE_POSTGRES_SERVER,
  BARE_SERVER,
  LOAD_DATA,
  LOAD_GENERATOR,
  POSTGRES_POOL_SIZE,
  postgresServiceEnvironment,
  SERVICE_MAIN,
  serviceEnvironment,
  serviceNodeFlags,
  TODAY,
} from './harness/service-launch.js';
import { judgeTargets } from './harness/targets.js';
import { wrkRounding } from './harness/wrk.js';
import { joinedRun, turnCount, turnOrder } from './harness/interleaved.js';
import { metricsCost, metricsGroup, withMetrics } from './harness/metrics-variant.js';
import { benchClients, writeBenchClientsFile } from './harness/bench-clients.js';
import { clientsCost, clientsGroup, KEYED_PIN, withClientsFile } from './harness/clients-variant.js';

/**
 * `npm run bench`: the compiled service (dist/main.js) and a bare node:http server replaying its bytes,
 * each its own process, under the same load from a third process (wrk, or autocannon where wrk is missing) on loopback.
 */
const SERVICE_NODE_FLAGS = serviceNodeFlags();

class CheckFailed extends Error {}

const processes = new RunningProcesses(LOAD_GENERATOR);

/** How the processes of a group are started: the service, the bare server beside it, and the database they share, if any. */
interface GroupSetup {
  readonly title: string;
  readonly serviceEnv: Record<string, string>;
  readonly bareScript: string;
  readonly bareArgs: (responsesTable: string) => string[];
  /** The database whose backends' CPU time counts with each request. */
  readonly database?: string;
  /** The group's responses, for its bare server. */
  readonly responsesTable: string;
  /** The service's script: dist/main.js (the reference) unless given. */
  readonly serviceMain?: string;
  /** Its arguments; none unless given. */
  readonly serviceArgs?: readonly string[];
  /**
   * A second server measured beside the bare one, reported in its own column: PostgreSQL's two-statement bare server,
   * or the invoicing team's own server before versioning (its `script`, which sends the same records but not the same
   * bytes: `sameBytes` false, only its statuses are checked).
   */
  readonly secondBare?: {
    readonly name: string;
    readonly args: (responsesTable: string) => string[];
    readonly script?: string;
    readonly sameBytes?: false;
  };
}

async function main(): Promise<number> {
  const parsed = commandLine(BENCH_COMMAND, process.argv.slice(2));
  if ('exitCode' in parsed) return parsed.exitCode;
  const { options } = parsed;
  const machine = describeMachine();
  say(`bench${options.smoke ? ' (smoke: numbers mean nothing)' : ''}: ${machineLine(machine)}`);
  say(`service: node ${[...SERVICE_NODE_FLAGS, 'dist/main.js'].join(' ')}, as npm start runs it; the bare servers with the same node flags`);
  say(
    `${options.connections} connections, ${options.duration} s a server per scenario in turns of ${turnText(options.duration)} (A B, B A, …), ${options.warmup} s warm-up, ${options.rewarm} s before the turns, ${options.repetitions} repetitions on fresh processes; ratio: the median of the turns'; ACCESS_LOG=${options.accessLog}`,
  );
  const loadGenerator = loadGeneratorLine(options);
  say(`load generator: ${loadGenerator}`);
  const directory = await mkdtemp(join(tmpdir(), 'version-aware-api-bench-'));
  try {
    const scenarios: ScenarioResult[] = [];
    const services: ServiceResult[] = [];
    for (const group of scenarioGroups(options.sizes)) {
      if (selected(group.scenarios, options.scenarios).length === 0) continue;
      const dataFile = await writeDataFile(directory, group.size);
      const outcome = await runGroup(
        group,
        {
          title: `${exponent(group.size)} dogs in memory`,
          serviceEnv: serviceEnvironment(dataFile, options.accessLog),
          bareScript: BARE_SERVER,
          bareArgs: (table) => [table],
          responsesTable: responsesTable(directory, group.size),
        },
        options,
      );
      scenarios.push(...outcome.scenarios);
      if (outcome.service !== undefined) services.push(outcome.service);
    }
    const metricsOn = await runGroup(
      metricsGroup(),
      {
        title: `${exponent(REFERENCE_SIZE)} dogs in memory, METRICS_PORT set (metrics on)`,
        serviceEnv: withMetrics(serviceEnvironment(await writeDataFile(directory, REFERENCE_SIZE), options.accessLog)),
        bareScript: BARE_SERVER,
        bareArgs: (table) => [table],
        responsesTable: join(directory, 'responses-metrics.json'),
      },
      options,
    );
    scenarios.push(...metricsOn.scenarios);
    const client = benchClients(1, KEYED_PIN);
    const clientsFile = join(directory, 'clients.json');
    await writeBenchClientsFile(clientsFile, client);
    const withClients = await runGroup(
      clientsGroup(client.keys[0] as string),
      {
        title: `${exponent(REFERENCE_SIZE)} dogs in memory, CLIENTS_FILE of one client pinned to ${KEYED_PIN}`,
        serviceEnv: withClientsFile(serviceEnvironment(await writeDataFile(directory, REFERENCE_SIZE), options.accessLog), clientsFile),
        bareScript: BARE_SERVER,
        bareArgs: (table) => [table],
        responsesTable: join(directory, 'responses-clients.json'),
      },
      options,
    );
    scenarios.push(...withClients.scenarios);
    const example = await runGroup(
      exampleGroup(),
      {
        title: `the example API (examples/orders), ${exponent(REFERENCE_SIZE)} orders in memory`,
        serviceMain: EXAMPLE_MAIN,
        serviceEnv: serviceEnvironment(await writeExampleDataFile(directory, REFERENCE_SIZE), options.accessLog),
        bareScript: BARE_SERVER,
        bareArgs: (table) => [table],
        responsesTable: join(directory, 'responses-example.json'),
      },
      options,
    );
    scenarios.push(...example.scenarios);
    const invoices = await runGroup(
      invoicesGroup(),
      {
        title: "the invoicing API (examples/invoices), the team's own handlers over its in-memory store",
        serviceMain: INVOICES_MAIN,
        // No data file: the team's store holds its own records.
        serviceEnv: withoutDataFile(serviceEnvironment('', options.accessLog)),
        bareScript: BARE_SERVER,
        bareArgs: (table) => [table],
        responsesTable: join(directory, 'responses-invoices.json'),
        secondBare: { name: "team's own server (unversioned)", script: TEAM_INVOICES_SERVER, args: () => ['node'], sameBytes: false },
      },
      options,
    );
    scenarios.push(...invoices.scenarios);
    for (const mount of BENCHED_MOUNTS) {
      const mounted = await runGroup(
        mountGroup(mount),
        {
          title: `the invoicing API mounted in ${mount}, against ${mount}'s own route sending the same bytes, beside the team's own ${mount} routes`,
          serviceMain: INVOICES_MAIN,
          serviceArgs: [`--mount=${mount}`],
          serviceEnv: withoutDataFile(serviceEnvironment('', options.accessLog)),
          bareScript: BARE_FRAMEWORK_SERVER,
          bareArgs: (table) => [mount, table],
          responsesTable: join(directory, `responses-${mount}.json`),
          secondBare: { name: `team's own ${mount} routes (unversioned)`, script: TEAM_INVOICES_SERVER, args: () => [mount], sameBytes: false },
        },
        options,
      );
      scenarios.push(...mounted.scenarios);
    }
    scenarios.push(...(await runPostgresGroups(directory, options)));
    const memory =
      options.scenarios.length > 0
        ? undefined
        : await checkMemory(await writeDataFile(directory, REFERENCE_SIZE), responsesTable(directory, REFERENCE_SIZE), options);
    if (memory === undefined) say('\nmemory check skipped: --scenario picks scenarios');
    const results: BenchResults = {
      date: new Date().toISOString(),
      machine,
      loadGenerator,
      options,
      scenarios,
      services,
      memory,
      targets: [
        ...judgeTargets(scenarios, memory, options.connections),
        ...mountTargets(scenarios),
        ...metricsCost(scenarios),
        ...clientsCost(scenarios),
      ],
    };
    await writeFile(options.out, `${JSON.stringify(results, null, 2)}\n`);
    say('\ntargets:');
    for (const target of results.targets)
      say(`  ${target.met === undefined ? 'n/a ' : target.met ? 'met ' : 'MISS'}  ${target.target}: ${target.value}`);
    say(`\nresults written to ${options.out}; Markdown for the README's Performance section:\n`);
    say(markdown(results));
    return 0;
  } catch (error) {
    if (!(error instanceof CheckFailed)) throw error;
    process.stderr.write(`bench FAILED: ${error.message}\n`);
    return 1;
  } finally {
    await processes.stopAll();
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * Each repetition starts a fresh service and a fresh bare server and measures every scenario of the group on
 * them: a process can run steadily a fifth slower than its twin for minutes, so repetitions sample processes,
 * not only moments, and the median of the runs is not the luck of one start.
 */
async function runGroup(
  allOfGroup: ScenarioGroup,
  setup: GroupSetup,
  options: BenchOptions,
): Promise<{ scenarios: ScenarioResult[]; service: ServiceResult | undefined }> {
  const group = { ...allOfGroup, scenarios: selected(allOfGroup.scenarios, options.scenarios) };
  if (group.scenarios.length === 0) return { scenarios: [], service: undefined };
  say(`\n${setup.title}`);
  const table = setup.responsesTable;
  let expected: Map<Scenario, RecordedResponse> | undefined;
  const runs = group.scenarios.map((scenario) => ({
    scenario,
    service: [] as RunResult[],
    bare: [] as RunResult[],
    second: [] as RunResult[],
    ratios: { bare: [] as number[], second: [] as number[] },
  }));
  const startups: number[] = [];
  const peaks: (number | undefined)[] = [];
  let served = 0;
  let accessLogLines = 0;
  for (let repetition = 1; repetition <= options.repetitions; repetition += 1) {
    const service = await processes.start(setup.serviceMain ?? SERVICE_MAIN, setup.serviceArgs ?? [], setup.serviceEnv, SERVICE_NODE_FLAGS);
    startups.push(service.startupMs);
    if (expected === undefined) {
      await checkLinks(service, group.scenarios);
      expected = await recordResponses(service, group.scenarios);
      await writeFile(table, JSON.stringify([...expected.values()]));
    } else {
      await verify(service, expected, `the service (process ${repetition})`);
    }
    const bare = await processes.start(setup.bareScript, setup.bareArgs(table), {}, SERVICE_NODE_FLAGS);
    await verify(bare, expected, `the bare server (process ${repetition})`);
    const { secondBare } = setup;
    const second =
      secondBare === undefined
        ? undefined
        : await processes.start(secondBare.script ?? setup.bareScript, secondBare.args(table), {}, SERVICE_NODE_FLAGS);
    if (second !== undefined) {
      const what = `the ${secondBare?.name} (process ${repetition})`;
      await (secondBare?.sameBytes === false ? verifyStatuses(second, group.scenarios, what) : verify(second, expected, what));
    }
    await warmUpFreshProcesses(second === undefined ? [service, bare] : [service, bare, second], group.scenarios, options);
    let servedHere = 0;
    for (const { scenario, service: serviceRuns, bare: bareRuns, second: secondRuns, ratios } of runs) {
      const load = (server: ServerProcess, seconds: number) => measure(server, scenario, seconds, options, setup.database);
      const servers = second === undefined ? [service, bare] : [service, bare, second];
      if (options.warmup > 0) for (const server of servers) await load(server, options.warmup);
      if (options.rewarm > 0) for (const server of servers) await load(server, options.rewarm);
      const slices = servers.map((): RunResult[] => []);
      const count = turnCount(options.duration);
      for (const order of turnOrder(servers.length, count)) {
        for (const index of order) slices[index]?.push(await load(servers[index] as ServerProcess, options.duration / count));
      }
      const [serviceSlices, bareSlices, secondSlices] = slices as [RunResult[], RunResult[], RunResult[] | undefined];
      ratios.bare.push(...pairedRatios(serviceSlices, bareSlices));
      if (secondSlices !== undefined) ratios.second.push(...pairedRatios(serviceSlices, secondSlices));
      const [serviceRun, bareRun, secondRun] = slices.map(joinedRun) as [RunResult, RunResult, RunResult | undefined];
      serviceRuns.push(serviceRun);
      bareRuns.push(bareRun);
      if (secondRun !== undefined) secondRuns.push(secondRun);
      servedHere += serviceRun.requests;
    }
    await verify(service, expected, `the service (process ${repetition}), after the load`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (options.accessLog === 'on' && service.linesAfterStart() < servedHere) {
      throw new CheckFailed(
        `the service (process ${repetition}) wrote ${service.linesAfterStart()} access log lines for at least ${servedHere} requests`,
      );
    }
    const memory = await memoryOf(service.pid);
    peaks.push(memory?.peakRss);
    served += servedHere;
    accessLogLines += service.linesAfterStart();
    say(
      `  processes ${repetition} of ${options.repetitions}: service started in ${(service.startupMs / 1000).toFixed(2)} s, peak RSS ${memory === undefined ? 'n/a' : `${(memory.peakRss / 1024 / 1024).toFixed(0)} MiB`}`,
    );
    await processes.stop(service);
    await processes.stop(bare);
    if (second !== undefined) await processes.stop(second);
  }

  const scenarios: ScenarioResult[] = [];
  for (const { scenario, service: serviceRuns, bare: bareRuns, second: secondRuns, ratios } of runs) {
    const [serviceMedians, bareMedians] = [medians(serviceRuns), medians(bareRuns)];
    const secondMedians = secondRuns.length === 0 ? undefined : medians(secondRuns);
    const result: ScenarioResult = {
      scenario: { ...shown(scenario), dataSize: group.size },
      service: serviceMedians,
      bare: bareMedians,
      ratio: median(ratios.bare),
      runRatios: runRatioRange(serviceRuns, bareRuns),
      cpuRatio:
        serviceMedians.cpuMicrosPerRequest === undefined || bareMedians.cpuMicrosPerRequest === undefined
          ? undefined
          : serviceMedians.cpuMicrosPerRequest / bareMedians.cpuMicrosPerRequest,
      ...(secondMedians === undefined || setup.secondBare === undefined
        ? {}
        : {
            secondBare: {
              name: setup.secondBare.name,
              measured: secondMedians,
              ratio: median(ratios.second),
            },
          }),
    };
    say(`  ${scenarioLine(result)}`);
    scenarios.push(result);
  }
  const summary: ServiceResult = {
    dataSize: group.size,
    startupMs: median(startups),
    peakRssBytes: peaks.every((peak) => peak !== undefined) ? Math.max(...peaks) : undefined,
    requestsServed: served,
    accessLogLines,
  };
  return { scenarios, service: summary };
}

/**
 * The PostgreSQL groups, when DATABASE_URL names a server (CI sets it before the smoke run): for each size a database
 * of the bench's own, loaded with `npm run load-data`'s program, the service on it, and two bare node:http + pg
 * servers: the limit (one named statement a request) and, beside it, a list's two statements as the service ran
 * them before; dropped afterwards. Without DATABASE_URL they are skipped, saying so, unless
 * POSTGRES_TESTS=required (as in CI), which makes that a failure.
 */
async function runPostgresGroups(directory: string, options: BenchOptions): Promise<ScenarioResult[]> {
  const sizes = options.postgresSizes.filter((size) => selected(postgresScenarios(size), options.scenarios).length > 0);
  if (sizes.length === 0) return [];
  const serverUrl = process.env['DATABASE_URL'];
  if (serverUrl === undefined || serverUrl === '') {
    if (process.env['POSTGRES_TESTS'] === 'required') throw new CheckFailed('the PostgreSQL scenarios need DATABASE_URL (POSTGRES_TESTS=required)');
    say('\nPostgreSQL scenarios skipped: set DATABASE_URL=postgres://user:password@host:port/database (a role that may CREATEDB) to run them');
    return [];
  }
  const results: ScenarioResult[] = [];
  for (const size of sizes) {
    const dataFile = await writeDataFile(directory, size);
    const started = performance.now();
    const database = await createBenchDatabase(serverUrl, size, dataFile, LOAD_DATA);
    try {
      const url = new URL(database.url);
      url.password = url.password === '' ? '' : '***';
      const outcome = await runGroup(
        { size, scenarios: postgresScenarios(size) },
        {
          title: `${exponent(size)} dogs in PostgreSQL (${url.toString()}, loaded with load-data in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
          serviceEnv: postgresServiceEnvironment(database.url, options.accessLog),
          bareScript: BARE_POSTGRES_SERVER,
          bareArgs: (table) => [table, database.url, TODAY, String(POSTGRES_POOL_SIZE), 'one'],
          secondBare: { name: 'two-statement bare', args: (table) => [table, database.url, TODAY, String(POSTGRES_POOL_SIZE), 'two'] },
          database: database.name,
          responsesTable: join(directory, `responses-postgres-${size}.json`),
        },
        options,
      );
      results.push(...outcome.scenarios);
    } finally {
      await dropBenchDatabase(serverUrl, database);
    }
  }
  return results;
}

/** A scenario reached by following `Link: next` must be what the service's Link says. */
async function checkLinks(service: ServerProcess, scenarios: readonly Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    const of = scenario.postgres?.nextOf;
    if (of === undefined) continue;
    const link = (await record(service.url, of, scenario.accept)).headers['link'] ?? '';
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    if (next !== scenario.path)
      throw new CheckFailed(`${scenario.name}: the Link next of ${of} is ${JSON.stringify(next)}, expected ${scenario.path}`);
  }
}

/**
 * A process just started has a small young generation and code not yet optimized: each server first takes
 * the group's scenarios, mixed, for the warm-up's length, so the first scenario measured on it does not pay
 * for the start.
 */
async function warmUpFreshProcesses(servers: readonly ServerProcess[], scenarios: readonly Scenario[], options: BenchOptions): Promise<void> {
  if (options.warmup === 0) return;
  const requests = scenarios.map(requestOf);
  const statuses = [...new Set(scenarios.map((scenario) => scenario.status))];
  for (const server of servers) {
    checkRun(
      'warm-up of fresh processes',
      await processes.load({ url: server.url, connections: options.connections, duration: options.warmup, requests }),
      statuses,
    );
  }
}

/** The ETag a revalidated scenario names in If-None-Match, read from the service's 200 when its responses are recorded. */
const etags = new Map<Scenario, string>();

function requestOf(scenario: Scenario): LoadRequest {
  return { path: scenario.path, accept: scenario.accept, ifNoneMatch: etags.get(scenario), headers: scenario.headers };
}

/** A scenario as the results show it: a key it sends is the run's own, and not written out. */
function shown(scenario: Scenario): Scenario {
  if (scenario.headers?.['authorization'] === undefined) return scenario;
  return { ...scenario, headers: { ...scenario.headers, authorization: 'Bearer (a key made for the run)' } };
}

/** One recording of the scenario's request from `server`. */
function recordOf(server: ServerProcess, scenario: Scenario, ifNoneMatch: string | undefined): Promise<RecordedResponse> {
  return record(server.url, scenario.path, scenario.accept, ifNoneMatch, scenario.headers);
}

/** Each scenario's response from the service, checked to have the scenario's status: what the bare server replays. */
async function recordResponses(service: ServerProcess, scenarios: readonly Scenario[]): Promise<Map<Scenario, RecordedResponse>> {
  const expected = new Map<Scenario, RecordedResponse>();
  for (const scenario of scenarios) {
    if (scenario.revalidated === true) etags.set(scenario, (await recordOf(service, scenario, undefined)).headers['etag'] ?? '');
    const response = await recordOf(service, scenario, etags.get(scenario));
    if (response.status !== scenario.status) {
      throw new CheckFailed(`${scenario.name}: the service answered ${response.status}, expected ${scenario.status}`);
    }
    expected.set(scenario, response);
  }
  return expected;
}

/**
 * RSS after the first and after the last count of a mix of every scenario, plus ever-new Accept headers and
 * paths; read after every tenth of the last count too, so a heap settling to its size shows apart from growth.
 * The bare server (REFERENCE_SIZE responses) takes the same mix after the service, for the limit of this stack.
 */
async function checkMemory(dataFile: string, bareTable: string, options: BenchOptions): Promise<MemoryResult> {
  const [firstCount, lastCount] = options.memoryRequests;
  say(`\nmemory: ${firstCount} then ${lastCount} requests, a mix of every scenario, /version/my_version/, new Accept headers and new paths`);
  const service = await processes.start(SERVICE_MAIN, [], serviceEnvironment(dataFile, options.accessLog), SERVICE_NODE_FLAGS);
  const serviceSeries = await memorySeries(service, [200, 404, 406], options);
  await processes.stop(service);
  say(`  service: RSS (MiB) after each count: ${seriesLine(serviceSeries)}`);
  // The bare server has no answer for the ever-new Accept headers and paths: it answers them 500 with no body.
  const bare = await processes.start(BARE_SERVER, [bareTable], {}, SERVICE_NODE_FLAGS);
  const bareSeries = await memorySeries(bare, [200, 404, 406, 500], options);
  await processes.stop(bare);
  say(`  bare server: RSS (MiB) after each count: ${seriesLine(bareSeries)}`);
  return { dataSize: REFERENCE_SIZE, ...serviceSeries, bare: bareSeries };
}

async function memorySeries(server: ServerProcess, statuses: readonly number[], options: BenchOptions): Promise<MemorySeries> {
  const [firstCount, lastCount] = options.memoryRequests;
  const requests = [
    ...REFERENCE_SCENARIOS.map(({ path, accept }) => ({ path, accept })),
    { path: '/version/my_version/', accept: 'application/json; version=2.1.0' },
  ];
  const checkpoints = [...new Set([firstCount, ...Array.from({ length: 10 }, (_, tenth) => Math.round((lastCount * (tenth + 1)) / 10))])]
    .filter((count) => count >= firstCount)
    .sort((a, b) => a - b);
  const series: RssReading[] = [];
  let sent = 0;
  for (const checkpoint of checkpoints) {
    const spec: LoadSpec = {
      url: server.url,
      connections: options.connections,
      duration: 0,
      amount: checkpoint - sent,
      requests,
      uniqueVariants: true,
    };
    checkRun('memory mix', await processes.load(spec), statuses);
    sent = checkpoint;
    series.push({ requests: checkpoint, rssBytes: (await memoryOf(server.pid))?.rss });
  }
  const rssAt = (count: number): number | undefined => series.find((reading) => reading.requests === count)?.rssBytes;
  const ratio = (later: number | undefined, earlier: number | undefined): number | undefined =>
    later === undefined || earlier === undefined ? undefined : later / earlier - 1;
  const tenth = checkpoints.find((count) => count >= lastCount / 10) as number;
  return {
    first: { requests: firstCount, rssBytes: rssAt(firstCount) },
    last: { requests: lastCount, rssBytes: rssAt(lastCount) },
    growth: ratio(rssAt(lastCount), rssAt(firstCount)),
    series,
    settledGrowth: ratio(rssAt(lastCount), rssAt(tenth)),
  };
}

function seriesLine(memory: MemorySeries): string {
  const mib = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)}`);
  return memory.series.map((reading) => `${reading.requests}: ${mib(reading.rssBytes)}`).join(', ');
}

/** How long a turn lasts. */
function turnText(duration: number): string {
  const seconds = duration / turnCount(duration);
  return `${Number(seconds.toFixed(2))} s`;
}

/** Where a group's recorded responses are written, for its bare server. */
function responsesTable(directory: string, size: number): string {
  return join(directory, `responses-${size}.json`);
}

async function measure(server: ServerProcess, scenario: Scenario, seconds: number, options: BenchOptions, database?: string): Promise<RunResult> {
  const backendsBefore = database === undefined ? undefined : await backendCpuSeconds(database);
  const cpuBefore = await cpuSecondsOf(server.pid);
  const result = await processes.load({
    url: server.url,
    connections: options.connections,
    duration: seconds,
    requests: [requestOf(scenario)],
  });
  const cpuAfter = await cpuSecondsOf(server.pid);
  const backendsAfter = database === undefined ? undefined : await backendCpuSeconds(database);
  checkRun(scenario.name, result, [scenario.status]);
  const cpuMicrosPerRequest = cpuBefore === undefined || cpuAfter === undefined ? undefined : ((cpuAfter - cpuBefore) * 1e6) / result.requests;
  if (backendsBefore === undefined || backendsAfter === undefined || backendsAfter.size === 0) return { ...result, cpuMicrosPerRequest };
  return { ...result, cpuMicrosPerRequest, databaseCpuMicrosPerRequest: (backendCpuUsed(backendsBefore, backendsAfter) * 1e6) / result.requests };
}

/** A run counts only when every request was answered with an expected status. */
function checkRun(name: string, result: LoadResult, statuses: readonly number[]): void {
  const unexpected = Object.keys(result.statuses).filter((status) => !statuses.includes(Number(status)));
  if (result.errors > 0 || result.timeouts > 0 || unexpected.length > 0 || result.requests === 0) {
    throw new CheckFailed(
      `${name}: ${result.requests} answered, ${result.errors} errors, ${result.timeouts} timeouts, statuses ${JSON.stringify(result.statuses)}; expected only ${statuses.join(', ')}`,
    );
  }
}

/** Every recorded response again from `server`: the same status, headers and body bytes. */
async function verify(server: ServerProcess, expected: ReadonlyMap<Scenario, RecordedResponse>, what: string): Promise<void> {
  for (const [scenario, response] of expected) {
    const why = difference(response, await recordOf(server, scenario, etags.get(scenario)));
    if (why !== undefined) throw new CheckFailed(`${scenario.name}: ${what} answered differently: ${why}`);
  }
}

/** Each scenario answered by `server` with the scenario's status: a server measured beside the bare one that sends other bytes. */
async function verifyStatuses(server: ServerProcess, scenarios: readonly Scenario[], what: string): Promise<void> {
  for (const scenario of scenarios) {
    const { status } = await recordOf(server, scenario, undefined);
    if (status !== scenario.status) throw new CheckFailed(`${scenario.name}: ${what} answered ${status}, expected ${scenario.status}`);
  }
}

/** Which generator sends the loads, and where wrk's whole seconds or autocannon's fixed counts change a run. */
function loadGeneratorLine(options: BenchOptions): string {
  if (!processes.usesWrk) return processes.loadGenerator;
  const rounding = wrkRounding([options.duration, options.warmup, options.rewarm]);
  // The memory check is the only load of a fixed number of requests, and --scenario skips it.
  const counts = options.scenarios.length > 0 ? '' : "; the memory check's fixed counts of requests: autocannon, as wrk sends for a time";
  return `${processes.loadGenerator}${rounding}${counts}`;
}

function describeMachine(): Machine {
  const processors = cpus();
  return { cpus: processors.length, cpuModel: processors[0]?.model.trim() ?? 'unknown', node: process.version, os: `${type()} ${release()}` };
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

process.exitCode = await main();
