import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The script, run as its own process: taking V8's precise coverage resets the counters the coverage gate reads. */
function requestFiles(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_V8_COVERAGE: _coverage, NODE_OPTIONS: _options, ...env } = process.env;
  const child = spawn(process.execPath, [join(ROOT, '.test-build', 'bench', 'request-files.js'), ...args], { cwd: ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

t.test("the files a warmed request runs code of: the handler's and the use case's, not what ran only at start", async (t) => {
  const run = await requestFiles(['--path=/doggies/1/', '--accept=application/json; version=2.1.0']);
  t.equal(run.code, 0, run.stderr);
  const [head = '', ...files] = run.stdout.trim().split('\n');
  t.equal(head, `GET /doggies/1/ (Accept: application/json; version=2.1.0): ${files.length} files`, 'the count, then each file');
  t.ok(files.includes('adapters/http/api-request-handler.js'), 'the pipeline');
  t.ok(files.includes('application/use-cases/retrieve-record.js'), 'the use case');
  t.notOk(files.includes('container.js'), 'not the composition root, which ran at start only');
  t.same([...files].sort(), files, 'in order');
});

t.test('a command line it cannot read: exit 2, naming the option, with the usage', async (t) => {
  const run = await requestFiles(['--nope']);
  t.equal(run.code, 2);
  t.match(run.stderr, /Unknown option '--nope'\nusage: node dist\/bench-build\/bench\/request-files\.js/);
  const help = await requestFiles(['--help']);
  t.equal(help.code, 0);
  t.match(help.stdout, /^usage: /);
});
