// `npm run test:quick`: the tests of the domain, the use cases and the HTTP adapter's parsers and tables, which start
// no server of their own, in two processes (one a core) that each import every other file: a test process costs
// about 1.5 s of CPU before its first test, more than most of these files take. Each process's tests join its one
// root test, which exits non-zero when any fails. No coverage gate: `npm test` runs every file alone, under c8.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const FOLDERS = ['test/domain', 'test/application', 'test/adapters/http/request', 'test/adapters/http/routing', 'test/adapters/http/response'];
const PROCESSES = 2;

const build = spawn(process.execPath, ['test/loader/build-once.mjs'], { stdio: 'inherit' });
if ((await new Promise((resolve) => build.on('close', resolve))) !== 0) process.exit(1);

const files = FOLDERS.flatMap((folder) =>
  readdirSync(folder, { recursive: true })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `${folder}/${name}`),
).sort();
const shares = Array.from({ length: PROCESSES }, (_, share) => files.filter((_, index) => index % PROCESSES === share));

/** Runs one share of the files in one process: its exit code, and its TAP output. */
function run(share) {
  const imports = share.map((file) => `await import(${JSON.stringify(pathToFileURL(file).href)});`).join('\n');
  const child = spawn(
    process.execPath,
    ['--import=reflect-metadata', '--import=./test/loader/register.mjs', '--input-type=module', '--eval', imports],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text) => (output += text));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

const started = performance.now();
const results = await Promise.all(shares.map(run));
const failures = results.flatMap(({ output }) => output.split('\n').filter((line) => /^\s*not ok /.test(line)));
const counts = results.map(({ output }) => /^# \{ total: (\d+), pass: (\d+)/m.exec(output));
const total = counts.reduce((sum, match) => sum + Number(match?.[1] ?? 0), 0);
const passed = counts.reduce((sum, match) => sum + Number(match?.[2] ?? 0), 0);
if (failures.length > 0) console.log(results.map(({ output }) => output).join('\n'));
console.log(
  `${files.length} files in ${PROCESSES} processes: ${passed} of ${total} assertions passed, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
if (failures.length > 0) console.log(`failed:\n${failures.join('\n')}`);
process.exit(results.every(({ code }) => code === 0) && counts.every(Boolean) && failures.length === 0 ? 0 : 1);
