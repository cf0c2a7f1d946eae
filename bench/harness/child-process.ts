import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const START_TIMEOUT_MS = 120_000;

/** A server started as its own process, listening on a loopback port it chose. */
export interface ServerProcess {
  readonly pid: number;
  readonly url: string;
  /** From spawn to the line that says it listens. */
  readonly startupMs: number;
  /** Lines it wrote to stdout after the listening line (the access log). */
  readonly linesAfterStart: () => number;
  readonly stop: () => Promise<void>;
}

/**
 * Spawns `node [nodeFlags] script` with exactly `env` (plus PATH) and waits for its first stdout line, a JSON object
 * with a `url`. Everything it writes later is drained and counted, as a log collector would.
 */
export async function startServerProcess(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, script, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 10_000) stderr += text;
  });
  let lines = 0;
  const url = await new Promise<string>((resolve, reject) => {
    let first = '';
    let found = false;
    const timer = setTimeout(() => fail(`did not listen within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const fail = (why: string): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${script} ${why}; stderr: ${stderr.trim() || '(empty)'}`));
    };
    child.once('exit', (code, signal) => {
      if (!found) fail(`exited (code ${code}, signal ${signal}) before it listened`);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (found) {
        lines += countLines(chunk);
        return;
      }
      first += chunk.toString('utf8');
      const newline = first.indexOf('\n');
      if (newline < 0) return;
      found = true;
      clearTimeout(timer);
      lines += countLines(Buffer.from(first.slice(newline + 1)));
      try {
        resolve(String((JSON.parse(first.slice(0, newline)) as { url: unknown }).url));
      } catch {
        fail(`printed ${JSON.stringify(first.slice(0, 200))} instead of its listening line`);
      }
    });
  });
  return {
    pid: child.pid as number,
    url,
    startupMs: performance.now() - started,
    linesAfterStart: () => lines,
    stop: () => stopProcess(child),
  };
}

function countLines(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) count += 1;
  return count;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The process's resident set now and its peak, in bytes, from /proc (Linux); undefined elsewhere. */
export async function memoryOf(pid: number): Promise<{ rss: number; peakRss: number } | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kib('VmRSS'), peakRss: kib('VmHWM') };
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every common architecture. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/PID/stat after the command name (which is in parentheses and may hold spaces): the 3rd field is fields[0]. */
async function statFieldsOf(pid: number): Promise<string[] | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds (user and system, the 14th and 15th fields) the process has used, from /proc (Linux); undefined elsewhere. */
export async function cpuSecondsOf(pid: number): Promise<number | undefined> {
  const fields = await statFieldsOf(pid);
  return fields === undefined ? undefined : (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The pid of the process's parent (the 4th field), from /proc (Linux); undefined elsewhere. */
export async function parentPidOf(pid: number): Promise<number | undefined> {
  const fields = await statFieldsOf(pid);
  return fields === undefined ? undefined : Number(fields[1]);
}
