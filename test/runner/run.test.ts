import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t from 'tap';

const run = promisify(execFile);
const FIXTURES = 'test/fixtures/runner';
const fixture = (name: string): string => `${FIXTURES}/${name}.ts`;

/** The runner on some fixture files, all shared files in one process: its exit code and its output. */
async function runner(files: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string }> {
  // Without the variables of the runner running this file: the inner runner sets its own.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TAP|_TAPJS|TEST_)/.test(name))), ...extra };
  return run(process.execPath, ['test/runner/run.mjs', '--no-build', '--shares=1', '--jobs=2', ...files], { env }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

/** The runner's own line for a file (the output it shows of a failing file is indented). */
const lineOf = (stdout: string, file: string): string | undefined =>
  stdout.split('\n').find((line) => /^(not )?ok \d+ - /.test(line) && line.includes(` - ${file} `));

t.test('files sharing a process: each its own result, a teardown at its file end, folders named after the file', async (t) => {
  const { code, stdout } = await runner([fixture('a-tears-down'), fixture('b-sees-teardown'), fixture('e-alone')]);
  t.equal(code, 0, stdout);
  t.match(lineOf(stdout, fixture('a-tears-down')), /^ok \d+ - \S+ # time=\d+ms$/);
  t.match(lineOf(stdout, fixture('b-sees-teardown')), /^ok \d+ - /, 'the next file saw the teardown done, and its testdir');
  t.match(lineOf(stdout, fixture('e-alone')), /^ok \d+ - /, 'a file marked "Runs alone" in a process of its own');
  t.match(stdout, /^# \{ total: 5, pass: 5 \}$/m, "tap's closing line, counting every assertion");
  t.match(stdout, /^# 3 files \(1 alone, 2 in 1 shared processes\), 0 left out; 0 failed \(files or processes\);/m);
});

t.test('a failing file, one that cannot load and one that runs nothing fail alone; the others pass; exit 1', async (t) => {
  const files = ['a-tears-down', 'c-fails', 'd-throws-on-load', 'g-no-assertions', 'b-sees-teardown', 'f-needs-nothing-here'];
  const { code, stdout } = await runner(files.map(fixture));
  t.equal(code, 1);
  t.match(lineOf(stdout, fixture('c-fails')), /^not ok \d+ - /);
  t.match(stdout, /not ok \d+ - one and one make three/, "the failing file's output is shown");
  t.notMatch(stdout, /a test of the file with a teardown/, "a passing file's output is not");
  t.match(lineOf(stdout, fixture('d-throws-on-load')), /^not ok \d+ - /);
  t.match(stdout, /this file is broken/, 'why it could not load');
  t.match(lineOf(stdout, fixture('g-no-assertions')), /^not ok \d+ - \S+ # time=\d+ms \(no assertion ran\)$/);
  t.match(lineOf(stdout, fixture('a-tears-down')), /^ok \d+ - /);
  t.match(lineOf(stdout, fixture('b-sees-teardown')), /^ok \d+ - /, 'files after a failing one still run');
  t.match(
    stdout,
    /^# left out: test\/fixtures\/runner\/f-needs-nothing-here\.ts \(needs \/nonexistent\/program\)$/m,
    'a file whose need is missing is left out',
  );
  t.equal(lineOf(stdout, fixture('f-needs-nothing-here')), undefined, 'and not started');
  t.match(stdout, /^# \{ total: \d+, pass: \d+, fail: 3 \}$/m);
  t.match(stdout, /; 3 failed \(files or processes\);/);
});

t.test('a failure outside every test fails its own file, shown there, not the file that runs next', async (t) => {
  const { code, stdout } = await runner([fixture('i-fails-outside-tests'), fixture('a-tears-down')]);
  t.equal(code, 1);
  t.match(lineOf(stdout, fixture('i-fails-outside-tests')), /^not ok \d+ - /);
  t.match(stdout, /not ok \d+ - an idle connection failed[^]*fileName: test\/fixtures\/runner\/i-fails-outside-tests\.ts/, 'its message, and where');
  t.match(lineOf(stdout, fixture('a-tears-down')), /^ok \d+ - /, 'the next file of its process passes');
  t.match(stdout, /; 1 failed \(files or processes\);/);
});

t.test('a bad option is refused, naming it', async (t) => {
  const { code } = await runner(['--nonsense']);
  t.equal(code, 2);
});

t.test('a shared process held open after its last file fails, naming what holds it', async (t) => {
  const { code, stdout } = await runner([fixture('a-tears-down'), fixture('h-leaves-a-server')], { TEST_EXIT_GRACE_MS: '300' });
  t.equal(code, 1);
  t.match(lineOf(stdout, fixture('h-leaves-a-server')), /^ok \d+ - /, 'its tests passed');
  t.match(stdout, /after its last file it is still held open by .*TCPServerWrap/);
  t.match(stdout, /^not ok \d+ - \(the shared process of 2 files, after its last file\) .*\(it ended: exit 1\)$/m);
});
