// One process running many test files, one after the other (test/runner/run.mjs starts it with the loader's
// `--import`s): `node … shared-process.mjs file…`. Each file's tests join this process's one root test; the next
// file is imported once the root is idle again, so each file gets its own timeout and its own counts. Each file's
// output starts with the comment `# file: <file>` and ends with `# result: {"file", "ms", "total", "pass", "fail",
// "skip", "todo"}` (its milliseconds and assertions), which the runner reads.
import { basename, dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { setTimeout } from 'node:timers';
import t from 'tap';

// tap's per-file default (.taprc `timeout`); a file may set its own with a top-level t.setTimeout.
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS ?? 60_000);
const count = (name) => t.counts[name] ?? 0;
const COUNTS = ['total', 'pass', 'fail', 'skip', 'todo'];
// A file's top-level t.teardown (its database, its external program) runs when that file's tests have ended, last
// registered first, as tap runs it at the end of the file's own process; tap's root would instead end itself once
// idle, refusing later files.
const teardowns = [];
t.teardown = (teardown) => void teardowns.push(teardown);
const idle = () => (t.idle ? undefined : new Promise((resolve) => t.once('idle', resolve)));
// A failure outside any test of the file is a test of its own: its result reaches the root's counts like any other.
const failure = (name, error) => t.test(name, async (t) => void t.fail(name, { error }));
// tap counts a failure of the root itself (a pool's error callback calling t.fail, an error thrown outside every test)
// only once a later result is printed, in the file that runs next; as a test of its own it counts in its own file.
t.fail = function rootFailure(message, extra = {}) {
  const { stack } = extra.stack === undefined ? captured(rootFailure) : extra;
  void t.test(String(message), async (t) => void t.fail(message, { ...extra, stack }));
};
const captured = (above) => {
  const where = {};
  Error.captureStackTrace(where, above);
  return { stack: where.stack.replace(/^.*\n/, '') };
};

for (const file of process.argv.slice(2)) {
  const before = Object.fromEntries(COUNTS.map((name) => [name, count(name)]));
  t.comment(`file: ${file}`);
  t.setTimeout(FILE_TIMEOUT_MS);
  // t.testdir()'s folders are named after the file, as when tap runs it alone (not after this process's arguments).
  t.testdirName = resolve('.tap/fixtures', `${dirname(file)} ${basename(file)}`.replace(/[^a-zA-Z0-9._-]+/g, '-'));
  const started = performance.now();
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    void failure(`${file} could not be loaded`, error);
  }
  await idle();
  for (const teardown of teardowns.splice(0).reverse()) {
    try {
      await teardown();
    } catch (error) {
      void failure(`a teardown of ${file} failed`, error);
    }
  }
  await idle();
  const counts = Object.fromEntries(COUNTS.map((name) => [name, count(name) - before[name]]));
  const line = { file, ms: Math.round(performance.now() - started), ...counts };
  t.comment(`result: ${JSON.stringify(line)}`);
}

// Every file has ended: whatever still holds the process open was left by one of them, and would hold it until the
// runner's watchdog. An unref'd timer fires only if something else keeps the process alive.
const EXIT_GRACE_MS = Number(process.env.TEST_EXIT_GRACE_MS ?? 10_000);
setTimeout(() => {
  console.error(`shared process: ${EXIT_GRACE_MS} ms after its last file it is still held open by ${process.getActiveResourcesInfo().join(', ')}`);
  process.exit(1);
}, EXIT_GRACE_MS).unref();
