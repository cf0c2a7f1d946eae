import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A tool as its npm script runs it, from this run's build: its exit code and its stderr. */
function runTool(script: string, args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env['NODE_OPTIONS'];
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, [join(ROOT, '.test-build', script), ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

// The bench's commands refuse theirs the same way, in their own tests (bench/harness/command-line.ts).
t.test('every npm run tool refuses a command line it cannot read: it says what, with its usage, and exits 2', async (t) => {
  // [npm script, compiled file, arguments, what stderr names]
  const cases: [string, string, string[], RegExp][] = [
    [
      'contracts',
      'tools/contracts.js',
      ['chek'],
      /^unknown command "chek"\nusage: npm run contracts -- check\|accept \[--api MODULE \[--export NAME\] --dir FOLDER\]\n/,
    ],
    ['contracts', 'tools/contracts.js', ['check', '--api', 'examples/orders/api.mjs'], /^--api and --dir go together\nusage: npm run contracts/],
    ['contracts', 'tools/contracts.js', ['check', '--export', 'SHOP'], /^--export names the export of --api\nusage: npm run contracts/],
    ['lint:openapi', 'tools/openapi-lint.js', ['all'], /Unexpected argument 'all'.*\nusage: npm run lint:openapi/],
    ['client-types', 'tools/client-types.js', ['--output', 'x'], /Unknown option '--output'.*\nusage: npm run client-types/],
    ['client-paths', 'tools/client-paths.js', ['check'], /Unexpected argument 'check'.*\nusage: npm run client-paths/],
    ['settings-docs', 'tools/settings-docs.js', ['README.md'], /Unexpected argument 'README.md'.*\nusage: npm run settings-docs/],
  ];
  const runs = await Promise.all(cases.map(([, script, args]) => runTool(script, args)));
  cases.forEach(([name, , args, named], index) => {
    const run = runs[index] as Awaited<ReturnType<typeof runTool>>;
    const what = `npm run ${name} -- ${args.join(' ')}`;
    t.equal(run.code, 2, `${what}: exit code 2`);
    t.match(run.stderr, named, `${what}: says what it cannot read, then the usage`);
    t.equal(run.stdout, '', `${what}: nothing on stdout`);
  });
});

t.test('--help is an answer, not a refusal: the usage on stdout, exit code 0', async (t) => {
  const run = await runTool('tools/client-types.js', ['--help']);
  t.equal(run.code, 0, 'client-types --help: exit code 0');
  t.match(run.stdout, /^usage: npm run client-types/, 'client-types --help: the usage');
});
