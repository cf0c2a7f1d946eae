// Which test files a run starts, and in which processes. A file's leading comment lines may say what it needs and
// whether it must have a process of its own:
//   // Needs: PostgreSQL, /usr/sbin/haproxy     (a database by DATABASE_URL, a program by its path)
//   // Runs alone: why                          (it changes what its process loads, or must not share its timing)
// Every other file runs in a shared process with others (test/runner/shared-process.mjs): a process costs about 1 s
// of CPU before its first test, more than most files take.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The test files under `paths` (files or folders, relative to `root`), sorted. */
export function testFiles(root, paths) {
  const found = paths.flatMap((path) => {
    const full = join(root, path);
    if (!statSync(full, { throwIfNoEntry: false })?.isDirectory()) {
      if (!existsSync(full)) throw new Error(`no such test file or folder: ${path}`);
      return [path];
    }
    return readdirSync(full, { recursive: true })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => relative(root, join(full, name)));
  });
  return [...new Set(found)].sort();
}

/** What a file's leading comment lines say: what it needs (a list), and why it runs alone (or undefined). */
export function markers(root, file) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const leading = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('//')),
  );
  const said = (prefix) =>
    leading
      .find((line) => line.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  const needs = said('// Needs:');
  return {
    needs:
      needs === undefined
        ? []
        : needs
            .split(',')
            .map((need) => need.trim())
            .filter(Boolean),
    alone: said('// Runs alone:'),
  };
}

/** The first of `needs` this machine lacks: no DATABASE_URL, or a program missing or set aside. */
export function missingNeed(needs, env) {
  return needs.find((need) => (need === 'PostgreSQL' ? !env.DATABASE_URL : env.TEST_OUTSIDE_PROGRAMS === 'none' || !existsSync(need)));
}

/**
 * Splits `files` into those left out (a need missing), those run alone, and `shares` groups run one process each
 * (the runner orders them). The groups are balanced by `weight(file)` (the last run's seconds, when known), heaviest first into the lightest.
 */
export function plan(root, files, { env, shares, weight }) {
  const leftOut = [];
  const alone = [];
  const shared = [];
  for (const file of files) {
    const said = markers(root, file);
    const missing = missingNeed(said.needs, env);
    if (missing !== undefined) leftOut.push({ file, missing });
    else if (said.alone !== undefined) alone.push(file);
    else shared.push(file);
  }
  const groups = Array.from({ length: Math.max(1, Math.min(shares, shared.length)) }, () => ({ files: [], weight: 0 }));
  for (const file of [...shared].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((least, group) => (group.weight < least.weight ? group : least));
    lightest.files.push(file);
    lightest.weight += weight(file);
  }
  return {
    leftOut,
    alone,
    shares: groups.filter((group) => group.files.length > 0).map((group) => group.files.sort()),
  };
}
