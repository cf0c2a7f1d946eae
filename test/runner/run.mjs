// `npm test`'s runner (under c8, test/with-coverage.sh), `npm run test:quick`'s, and CI's: `node test/runner/run.mjs
// [--jobs=N] [--shares=N] [--no-build] [file or folder…]` (default: test/). It compiles the repository once
// (test/loader/build-once.mjs), then runs the files as test/runner/test-plan.mjs groups them: a file marked
// `// Runs alone:` in a process of its own, every other file in one of a few shared processes
// (test/runner/shared-process.mjs), `--jobs` processes at once, the longest first by the last run's times
// (.test-build/test-times.json). It prints a TAP line per file as it ends (`ok 3 - test/x.test.ts # time=120ms`), the
// output of each failing file, and tap's closing line `# { total: N, pass: N, fail: N, skip: N }`; exit 1 when any
// assertion or process fails.
import { spawn } from 'node:child_process';
import { clearTimeout, setTimeout } from 'node:timers';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT } from '../loader/build-paths.mjs';
import { plan, testFiles } from './test-plan.mjs';

const root = fileURLToPath(ROOT);
const OPTIONS = { jobs: { type: 'string', default: '3' }, shares: { type: 'string', default: '3' }, 'no-build': { type: 'boolean', default: false } };
const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: OPTIONS });
  } catch (error) {
    console.error(`run: ${error.message}\nusage: node test/runner/run.mjs [--jobs=3] [--shares=3] [--no-build] [file or folder…]`);
    process.exit(2);
  }
})();
const jobs = Number(values.jobs);
const shares = Number(values.shares);
if (!(Number.isInteger(jobs) && jobs > 0 && Number.isInteger(shares) && shares > 0)) {
  console.error('run: --jobs and --shares take a whole number above 0');
  process.exit(2);
}
// As tap's runner (.taprc): the loader's hooks, and tap's per-file timeout in seconds.
const LOADER = ['--import=./test/loader/register.mjs'];
const FILE_TIMEOUT_S = 60;
// A process in which no file ends for this long is stopped: a file has hung past tap's own timeout (a file may set a
// longer one than FILE_TIMEOUT_S: the README walkthrough, alone, 600 s; a shared file at most 240 s).
const HANG_MS = { alone: 15 * 60_000, shared: 5 * 60_000 };
const TIMES = new URL('.test-build/test-times.json', ROOT);
const COUNTS = ['total', 'pass', 'fail', 'skip', 'todo'];

const started = performance.now();
if (!values['no-build']) {
  const build = spawn(process.execPath, ['test/loader/build-once.mjs'], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((resolve) => build.on('close', resolve))) !== 0) process.exit(1);
}

const lastTimes = (() => {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8'));
  } catch {
    return {};
  }
})();
const knownTimes = Object.values(lastTimes);
// A file not timed before weighs the mean of those that were (a fresh clone: all alike, so split by count).
const usualTime = knownTimes.length === 0 ? 1000 : knownTimes.reduce((sum, ms) => sum + ms, 0) / knownTimes.length;
const weight = (file) => lastTimes[file] ?? usualTime;

const files = testFiles(root, positionals.length > 0 ? positionals : ['test']);
const { leftOut, alone, shares: groups } = plan(root, files, { env: process.env, shares, weight });
// The longest first, so that none is left to run alone at the end; a file run alone and not timed yet (a fresh clone)
// first of all: a file runs alone for being long or unusual.
const jobWeight = (job) => (job.alone && lastTimes[job.files[0]] === undefined ? Infinity : job.files.reduce((sum, file) => sum + weight(file), 0));
const queue = [...alone.map((file) => ({ files: [file], alone: true })), ...groups.map((group) => ({ files: group, alone: false }))].sort(
  (a, b) => jobWeight(b) - jobWeight(a),
);

console.log('TAP version 14');
for (const { file, missing } of leftOut) console.log(`# left out: ${file} (needs ${missing})`);
const totals = Object.fromEntries(COUNTS.map((name) => [name, 0]));
const times = { ...lastTimes };
let reported = 0;
let failedFiles = 0;

/** Prints one file's TAP line, and its output when it failed: whether it failed. */
function report(file, ms, counts, problem, output) {
  reported += 1;
  for (const name of COUNTS) totals[name] += counts[name] ?? 0;
  // A file that did not finish has no time of its own to weigh it by next run.
  if (problem === undefined) times[file] = ms;
  // A file in which no assertion ran has not been tested: in a shared process, its tests did not start.
  const failure = problem ?? ((counts.total ?? 0) === 0 ? 'no assertion ran' : undefined);
  const failed = failure !== undefined || (counts.fail ?? 0) > 0;
  if (failed) {
    failedFiles += 1;
    totals.fail += failure === undefined ? 0 : 1;
    console.log(output.trimEnd().replace(/^/gm, '    '));
  }
  // What was skipped, and why, is shown as tap's reporter shows it.
  if (!failed && (counts.skip ?? 0) > 0)
    for (const line of output.split('\n').filter((text) => /^\s*ok .* # SKIP/.test(text))) console.log(`    ${line.trim()}`);
  const skip = !failed && counts.total === counts.skip ? ' # SKIP every assertion skipped' : '';
  console.log(`${failed ? 'not ok' : 'ok'} ${reported} - ${file}${skip} # time=${ms}ms${failure === undefined ? '' : ` (${failure})`}`);
  return failed;
}

/** The closing `# { total: N, … }` line of a process's TAP output, as counts (undefined when there is none). */
function summaryOf(output) {
  const line = /^# \{ (total: \d+.*) \}$/m.exec(output)?.[1];
  if (line === undefined) return undefined;
  return Object.fromEntries(
    line
      .split(', ')
      .map((pair) => pair.split(': '))
      .map(([name, value]) => [name, Number(value)]),
  );
}

/** Runs one process (one file alone, or a shared group) to its end, reporting each of its files. */
function runJob(job) {
  const args = job.alone ? [...LOADER, job.files[0]] : [...LOADER, 'test/runner/shared-process.mjs', ...job.files];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TAP_TIMEOUT: String(FILE_TIMEOUT_S), TEST_FILE_TIMEOUT_MS: String(FILE_TIMEOUT_S * 1000) },
  });
  const jobStarted = performance.now();
  let output = '';
  let errors = '';
  const done = new Set();
  let failures = 0;
  child.stderr.setEncoding('utf8').on('data', (text) => (errors += text));
  let watchdog;
  const watch = (ms) => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      errors += `\nrun: no file ended for ${Math.round(ms / 1000)} s: the process was stopped\n`;
      child.kill('SIGKILL');
    }, ms);
  };
  const hang = job.alone ? HANG_MS.alone : HANG_MS.shared;
  watch(hang);
  // A shared process's output, line by line: `# file: X` starts X's part, `# result: {…}` ends it with its counts.
  let partial = '';
  let section = '';
  child.stdout.setEncoding('utf8').on('data', (text) => {
    output += text;
    const lines = (partial + text).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (line.startsWith('# file: ')) section = '';
      section += `${line}\n`;
      if (job.alone || !line.startsWith('# result: ')) continue;
      const result = JSON.parse(line.slice('# result: '.length));
      done.add(result.file);
      if (report(result.file, result.ms, result, undefined, section)) failures += 1;
      watch(hang);
    }
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      const ms = Math.round(performance.now() - jobStarted);
      const tail = errors.trim() === '' ? '' : `\n# stderr:\n${errors.trimEnd().split('\n').slice(-60).join('\n')}`;
      const ended = signal === null ? `exit ${code}` : `stopped by ${signal}`;
      if (job.alone) {
        const counts = summaryOf(output) ?? {};
        const failure = code !== 0 || counts.total === undefined ? `the process ended: ${ended}` : undefined;
        report(job.files[0], ms, counts, failure, `${output}${tail}`);
      } else {
        const unfinished = job.files.filter((file) => !done.has(file));
        for (const [index, file] of unfinished.entries()) {
          const failure =
            index === 0 ? `it did not finish: its shared process ended, ${ended}` : 'not run: an earlier file of its process did not finish';
          report(file, 0, {}, failure, index === 0 ? `${section}${tail}` : '');
        }
        // A process that failed after its files passed (a teardown, an error between files) fails as itself.
        if (unfinished.length === 0 && failures === 0 && code !== 0) {
          report(
            `(the shared process of ${job.files.length} files, after its last file)`,
            ms,
            {},
            `it ended: ${ended}`,
            `${output.slice(-4000)}${tail}`,
          );
        }
      }
      resolve();
    });
  });
}

async function worker() {
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) await runJob(job);
}
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, worker));

writeFileSync(TIMES, `${JSON.stringify(times, null, 1)}\n`);
console.log(`1..${reported}`);
const summary = COUNTS.filter((name) => name === 'total' || name === 'pass' || totals[name] > 0).map((name) => `${name}: ${totals[name]}`);
console.log(`# { ${summary.join(', ')} }`);
console.log(
  `# ${files.length - leftOut.length} files (${alone.length} alone, ${files.length - alone.length - leftOut.length} in ${groups.length} shared processes), ${leftOut.length} left out; ${failedFiles} failed (files or processes); ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failedFiles === 0 && reported > 0 ? 0 : 1);
