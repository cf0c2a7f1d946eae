import cluster, { type Worker } from 'node:cluster';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { BufferedLineWriter } from './adapters/logging/buffered-line-writer.js';
import { StreamTextWriter } from './adapters/logging/stream-text-writer.js';
import { forwardWholeLines, type LineTarget } from './adapters/process/whole-line-forwarder.js';
import { StopRequests, stopDeadlineMs } from './adapters/process/stop-requests.js';
import { WorkerSupervisor } from './adapters/process/worker-supervisor.js';
import type { MetricsListener, Settings } from './adapters/config/settings.js';
import { answerPrimaryScrapes, workersMetrics } from './adapters/metrics/cluster-metrics.js';
import { MetricsServer, type MetricsSource } from './adapters/metrics/metrics-server.js';
import { composeApi, composeApiWith, readServiceSettings, type ComposedService, type ServiceOutput } from './container.js';
import type { ApiDefinition } from './api-definition.js';

/**
 * Runs `api` as a process: `npm start`'s way, for the reference API and for any other. It reads the settings from the
 * environment, serves with WORKERS processes (this script is run again in each), drains on SIGTERM or SIGINT however
 * often they come and whichever of its processes they reach first, and on a fault nothing caught drains and exits 1.
 * A bad setting or declaration refuses the start with one line naming it.
 */
export async function runApi(api: ApiDefinition): Promise<void> {
  const logLine = (level: string, message: string, fields: Record<string, unknown>): string =>
    JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  // With its reader gone a stream is dropped, not fatal: the service keeps serving without that output.
  const stderr = new StreamTextWriter(process.stderr, () => {});
  const stdoutStream = new StreamTextWriter(process.stdout, (error) =>
    stderr.write(`${logLine('error', 'stdout failed: the access log and info lines are dropped from now on', { error: error.message })}\n`),
  );
  // The access log and the info lines share stdout, in order, written together at most FLUSH_INTERVAL_MS apart.
  const stdout = new BufferedLineWriter(stdoutStream.write);
  process.on('exit', () => stdout.flush());
  const output: ServiceOutput = {
    stdout: stdout.sink,
    stderr: (line) => stderr.write(`${line}\n`),
  };
  const logger =
    (level: string, write: (line: string) => void) =>
    (message: string, fields: Record<string, unknown> = {}): void =>
      write(logLine(level, message, fields));
  const info = logger('info', output.stdout);
  /** How long an exiting process waits for a slow reader of its stdout to take the last lines. */
  const LAST_OUTPUT_WAIT_MS = 2000;
  /** How long past a worker's own stop deadline the primary waits for it to exit before killing it. */
  const WORKER_EXIT_GRACE_MS = 5000;

  /** Exits once stdout has taken what was written to it (a pipe takes it asynchronously), or after LAST_OUTPUT_WAIT_MS. */
  async function exitAfterOutput(code: number): Promise<never> {
    stdout.flush();
    await Promise.race([stdoutStream.flushed(), delay(LAST_OUTPUT_WAIT_MS)]);
    process.exit(code);
  }

  /** The lines of the stop: a cluster primary's are written at once (see supervise). */
  let stopInfo = info;
  /** What this process's stop runs, once it is known to serve or to supervise; until then there is nothing to drain. */
  let stopProcess = (reason: string): Promise<number> => {
    stopInfo('stopping', { signal: reason, pid: process.pid });
    return Promise.resolve(0);
  };
  let stopDeadline = stopDeadlineMs(0);
  const stops = new StopRequests({
    stop: (reason) => stopProcess(reason),
    exit: (code) => {
      stopInfo('stopped', { exit_code: code, pid: process.pid });
      return exitAfterOutput(code);
    },
    deadlineMs: () => stopDeadline,
    info: (message, fields) => stopInfo(message, fields),
    error: logger('error', output.stderr),
  });
  stops.listen(process);

  let faulted = false;

  /**
   * A fault nothing caught leaves the process in a state no one can vouch for: one line says what it was, the
   * process stops as on SIGTERM (the server drains within DRAIN_TIMEOUT_MS), and exits 1, so that a supervisor starts
   * a fresh one (with WORKERS, the primary replaces the worker). A second fault while draining is not logged again.
   */
  function exitOnFault(kind: string): (error: unknown) => void {
    return (error) => {
      if (faulted) return;
      faulted = true;
      const fields = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
      output.stderr(logLine('error', `${kind}: draining and exiting`, { pid: process.pid, ...fields }));
      stops.request(kind, 1);
    };
  }
  process.on('uncaughtException', exitOnFault('uncaught exception'));
  process.on('unhandledRejection', exitOnFault('unhandled rejection'));

  const urlOf = (host: string, port: number): string => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  /** Listens for scrapes on METRICS_HOST:METRICS_PORT and says where; the server, to stop with the service. */
  async function serveMetrics(
    source: MetricsSource,
    { host, port }: MetricsListener,
    log: (message: string, fields: Record<string, unknown>) => void,
  ): Promise<MetricsServer> {
    const server = new MetricsServer(source, (message, error) => output.stderr(logLine('error', message, { error: error.message })));
    const address = await server.listen(port, host).catch((error: NodeJS.ErrnoException) => {
      throw new Error(`cannot listen on METRICS_HOST=${host} METRICS_PORT=${port}: ${error.message}`, { cause: error });
    });
    log('metrics listening', { url: `${urlOf(host, address.port)}/metrics`, pid: process.pid });
    return server;
  }

  /**
   * One process serving: compose, listen, and on SIGTERM or SIGINT (or, as a worker, its primary's SIGTERM or its
   * primary gone) drain, flush the usage counts and exit 0. A stop asked for before it serves ends it at once. With
   * `settings` the process read already (a single process); a worker reads its own, once.
   */
  async function serve(read?: Settings): Promise<void> {
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
      service = await (read === undefined ? composeApi(api, process.env, output) : composeApiWith(api, read, output));
      const { settings, server } = service;
      stopDeadline = stopDeadlineMs(settings.limits.drainTimeoutMs);
      const address = await server.listen(settings.port, settings.host).catch((error: NodeJS.ErrnoException) => {
        throw new Error(`cannot listen on HOST=${settings.host} PORT=${settings.port}: ${error.message}`, { cause: error });
      });
      let metricsServer: MetricsServer | undefined;
      const running = service;
      stopProcess = async (reason) => {
        const stopped = Promise.all([running.stop(), metricsServer?.stop()]); // closes the listening socket at once: from here new connections are refused
        info('stopping', { signal: reason, pid: process.pid });
        await stopped;
        return 0;
      };
      info('listening', { url: urlOf(settings.host, address.port), storage: service.storage, pid: process.pid });
      if (service.metrics !== undefined && settings.metrics !== undefined) {
        // A worker's metrics are scraped through its primary, which sums them all.
        if (cluster.isWorker) answerPrimaryScrapes(service.metrics);
        else metricsServer = await serveMetrics(service.metrics, settings.metrics, info);
      }
    } catch (error) {
      output.stderr(`Refusing to start: ${(error as Error).message}`);
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
  function supervise(workers: number, metrics: MetricsListener | undefined, drainTimeoutMs: number): void {
    cluster.setupPrimary({ stdio: ['inherit', 'pipe', 'pipe', 'ipc'] });
    // The primary's few lines are written at once, not batched, so they keep their order among the workers' lines it copies.
    const primaryInfo = logger('info', (line) => stdoutStream.write(`${line}\n`));
    const copying = new Set<Promise<void>>();
    const copy = (from: Readable, to: LineTarget): void => {
      const copied = forwardWholeLines(from, to);
      copying.add(copied);
      void copied.then(() => copying.delete(copied));
    };
    cluster.on('fork', (worker) => {
      copy(worker.process.stdout as Readable, stdoutStream);
      copy(worker.process.stderr as Readable, stderr);
    });
    const killAfterMs = stopDeadlineMs(drainTimeoutMs) + WORKER_EXIT_GRACE_MS;
    const supervisor = new WorkerSupervisor(cluster, { workers, killAfterMs, info: primaryInfo, error: logger('error', output.stderr) });
    supervisor.start();
    const metricsServer = metrics === undefined ? undefined : serveMetrics(workersMetrics(), metrics, primaryInfo);
    metricsServer?.catch((error: Error) => {
      output.stderr(`Refusing to start: ${error.message}`);
      stops.request('the metrics listener could not start', 1);
    });
    stopDeadline = killAfterMs + WORKER_EXIT_GRACE_MS;
    stopInfo = primaryInfo;
    stopProcess = async (reason) => {
      supervisor.stop(reason);
      const code = await supervisor.done;
      await metricsServer?.then(
        (server) => server.stop(),
        () => {},
      );
      await Promise.all(copying); // a worker's last lines can still be in its pipe when its exit is known
      return code;
    };
    // The workers stop on their own when the first refuse to start.
    void supervisor.done.then(() => {
      if (!stops.requested) stops.request('a worker refused to start');
    });
  }

  if (cluster.isWorker) {
    await serve();
  } else {
    let settings: Settings | undefined;
    try {
      settings = readServiceSettings(process.env, api);
    } catch (error) {
      output.stderr(`Refusing to start: ${(error as Error).message}`);
      process.exitCode = 1;
    }
    if (settings?.workers === 1) await serve(settings);
    else if (settings !== undefined) supervise(settings.workers, settings.metrics, settings.limits.drainTimeoutMs);
  }
}
