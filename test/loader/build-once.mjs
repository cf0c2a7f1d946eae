// Run by tap before any test file (.taprc `before`), and by hand: compiles the repository's TypeScript once, when a
// source or a build setting is newer than the last build: .test-build/ (what the test processes load, through
// compiled-typescript.mjs), dist/ (what `npm start` runs, and what the tests' child processes run) and client/dist/
// (the official client's package, its JavaScript and declarations, as tsc writes them). Types are not checked in the
// first two: `npm run typecheck` does that. The builds run at once, on two cores.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ROOT, builtAt, stampBuild } from './build-paths.mjs';

const SOURCES = [
  'src',
  'test',
  'bench',
  'tools',
  'client/src',
  'client/package.json',
  'client/tsconfig.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.test-build.json',
];

function newestChange(url) {
  const stat = statSync(url, { throwIfNoEntry: false });
  if (stat === undefined || !stat.isDirectory()) return stat?.mtimeMs ?? 0;
  const folder = url.href.endsWith('/') ? url : new URL(`${url.href}/`);
  return Math.max(stat.mtimeMs, ...readdirSync(folder).map((name) => newestChange(new URL(name, folder))));
}

/** The official client's package, with tsc itself: its declarations are part of what it ships. */
function buildClient() {
  const child = spawn(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'client/tsconfig.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0 ? [] : ['client/tsconfig.json'])));
}

/** Compiles the files of one project that changed since their last build (test/loader/transpile.mjs). */
function transpile(project) {
  const child = spawn(process.execPath, [fileURLToPath(new URL('transpile.mjs', import.meta.url)), project], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0 ? [] : [project])));
}

const started = Date.now();
// dist/ removed since (by hand, or by a clean) is built again too: the tests' child processes run it.
const distGone = !existsSync(new URL('dist/main.js', ROOT)) || !existsSync(new URL('client/dist/index.js', ROOT));
if (distGone || (builtAt() ?? -Infinity) < Math.max(...SOURCES.map((path) => newestChange(new URL(path, ROOT))))) {
  const failed = (await Promise.all([transpile('tsconfig.test-build.json'), transpile('tsconfig.build.json'), buildClient()])).flat();
  if (failed.length > 0) {
    console.error(`build-once: compiling ${failed.join(', ')} failed`);
    process.exit(1);
  }
  mkdirSync(new URL('.test-build/', ROOT), { recursive: true });
  // The stamp bears the build's start: a source saved while tsc ran is newer than it, so it is built again next time.
  stampBuild(ROOT, started);
}
