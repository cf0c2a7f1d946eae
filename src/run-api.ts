import cluster, { type Worker } from 'node:cluster';
import type { Readable } from 'node:stream';
import { forwardWholeLines, type LineTarget } from './adapters/process/whole-line-forwarder.js';
import { processOutput, type Log, type ProcessOutput } from './adapters/process/process-output.js';
import { ProcessStops } from './adapters/process/process-stops.js';
import { stopDeadlineMs } from './adapters/process/stop-requests.js';
import { WorkerSupervisor } from './adapters/process/worker-supervisor.js';
import type { MetricsListener, Settings } from './adapters/config/settings.js';
import { answerPrimaryScrapes, workersMetrics } from './adapters/metrics/cluster-metrics.js';
import { MetricsServer, type MetricsSource } from './adapters/metrics/metrics-server.js';
import { composeApi, composeApiWith, readServiceSettings, type ComposedService } from './container.js';
import type { ApiDefinition } from './api-definition.js';

/** How long past a worker's own stop deadline the primary waits for it to exit before killing it. */
const WORKER_EXIT_GRACE_MS = 5000;

/**
 * Runs `api` as a process: `npm start`'s way, for the reference API and for any other. It reads the settings from the
 * environment, serves with WORKERS processes (this script is run again in each), drains on SIGTERM or SIGINT however
 * often they come and whichever of its processes they reach first, and on a fault nothing caught drains and exits 1.
 * A bad setting or declaration refuses the start with one line naming it.
 */
export async function runApi(api: ApiDefinition): Promise<void> {
  const output = processOutput();
  const stops = new ProcessStops(output);
  stops.listen();
  if (cluster.isWorker) return serve(api, output, stops);
  const settings = settingsOrRefusal(api, output);
  if (settings?.workers === 1) await serve(api, output, stops, settings);
  else if (settings !== undefined) supervise(output, stops, settings);
}

/** The settings the environment gives `api`; undefined, said in one line and exit code 1, when one is wrong. */
function settingsOrRefusal(api: ApiDefinition, output: ProcessOutput): Settings | undefined {
  try {
    return readServiceSettings(process.env, api);
  } catch (error) {
    output.service.stderr(`Refusing to start: ${(error as Error).message}`);
    process.exitCode = 1;
    return undefined;
  }
}

/**
 * One process serving: compose, listen, and on SIGTERM or SIGINT (or, as a worker, its primary's SIGTERM or its
 * primary gone) drain, flush the usage counts and exit 0. A stop asked for before it serves ends it at once. With
 * `settings` the process read already (a single process); a worker reads its own, once.
 */
async function serve(api: ApiDefinition, output: ProcessOutput, stops: ProcessStops, read?: Settings): Promise<void> {
  // The primary validated the settings before forking: a worker answers its scrapes from now on, empty until composed.
  if (cluster.isWorker && process.env['METRICS_PORT'] !== undefined) answerPrimaryScrapes();
  const primaryGone = (): void => {
    // Else node's cluster exits the worker at once, on its own 'disconnect' listener, with nothing drained or flushed.
    (cluster.worker as Worker).exitedAfterDisconnect = true;
    stops.request('primary gone');
  };
  if (cluster.isWorker) process.prependOnceListener('disconnect', primaryGone);
  let service: ComposedService | undefined;
  try {
    service = await (read === undefined ? composeApi(api, process.env, output.service) : composeApiWith(api, read, output.service));
    const { settings, server } = service;
    stops.become({ deadlineMs: stopDeadlineMs(settings.limits.drainTimeoutMs) });
    const address = await server.listen(settings.port, settings.host).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`cannot listen on HOST=${settings.host} PORT=${settings.port}: ${error.message}`, { cause: error });
    });
    let metricsServer: MetricsServer | undefined;
    const running = service;
    stops.become({
      stop: async (reason) => {
        const stopped = Promise.all([running.stop(), metricsServer?.stop()]); // closes the listening socket at once: from here new connections are refused
        output.info('stopping', { signal: reason, pid: process.pid });
        await stopped;
        return 0;
      },
    });
    output.info('listening', { url: urlOf(settings.host, address.port), storage: service.storage, pid: process.pid });
    if (service.metrics !== undefined && settings.metrics !== undefined) {
      // A worker's metrics are scraped through its primary, which sums them all.
      if (cluster.isWorker) answerPrimaryScrapes(service.metrics);
      else metricsServer = await serveMetrics(service.metrics, settings.metrics, output, output.info);
    }
  } catch (error) {
    output.service.stderr(`Refusing to start: ${(error as Error).message}`);
    await service?.stop();
    process.exitCode = 1;
    // A worker's channel to its primary would keep it running.
    if (cluster.isWorker) {
      process.off('disconnect', primaryGone);
      (cluster.worker as Worker).disconnect();
    }
  }
}

/**
 * The cluster primary: WORKERS processes share the port; it replaces dead ones and drains them all on SIGTERM or SIGINT.
 * It is the only writer of stdout and stderr: each worker's are pipes to it, copied whole lines at a time.
 */
function supervise(output: ProcessOutput, stops: ProcessStops, { workers, metrics, limits: { drainTimeoutMs } }: Settings): void {
  cluster.setupPrimary({ stdio: ['inherit', 'pipe', 'pipe', 'ipc'] });
  // The primary's few lines are written at once, not batched, so they keep their order among the workers' lines it copies.
  const primaryInfo = output.logger('info', (line) => output.stdoutStream.write(`${line}\n`));
  const copying = new Set<Promise<void>>();
  const copy = (from: Readable, to: LineTarget): void => {
    const copied = forwardWholeLines(from, to);
    copying.add(copied);
    void copied.then(() => copying.delete(copied));
  };
  cluster.on('fork', (worker) => {
    copy(worker.process.stdout as Readable, output.stdoutStream);
    copy(worker.process.stderr as Readable, output.stderrStream);
  });
  const killAfterMs = stopDeadlineMs(drainTimeoutMs) + WORKER_EXIT_GRACE_MS;
  const supervisor = new WorkerSupervisor(cluster, { workers, killAfterMs, info: primaryInfo, error: output.error });
  supervisor.start();
  const metricsServer = metrics === undefined ? undefined : serveMetrics(workersMetrics(), metrics, output, primaryInfo);
  metricsServer?.catch((error: Error) => {
    output.service.stderr(`Refusing to start: ${error.message}`);
    stops.request('the metrics listener could not start', 1);
  });
  stops.become({
    deadlineMs: killAfterMs + WORKER_EXIT_GRACE_MS,
    info: primaryInfo,
    stop: async (reason) => {
      supervisor.stop(reason);
      const code = await supervisor.done;
      await metricsServer?.then(
        (server) => server.stop(),
        () => {},
      );
      await Promise.all(copying); // a worker's last lines can still be in its pipe when its exit is known
      return code;
    },
  });
  // The workers stop on their own when the first refuse to start.
  void supervisor.done.then(() => {
    if (!stops.requested) stops.request('a worker refused to start');
  });
}

/** Listens for scrapes on METRICS_HOST:METRICS_PORT and says where; the server, to stop with the service. */
async function serveMetrics(source: MetricsSource, { host, port }: MetricsListener, output: ProcessOutput, log: Log): Promise<MetricsServer> {
  const server = new MetricsServer(source, (message, error) => output.error(message, { error: error.message }));
  const address = await server.listen(port, host).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot listen on METRICS_HOST=${host} METRICS_PORT=${port}: ${error.message}`, { cause: error });
  });
  log('metrics listening', { url: `${urlOf(host, address.port)}/metrics`, pid: process.pid });
  return server;
}

const urlOf = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
