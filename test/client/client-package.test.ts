import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { CLIENT_COMPILER_OPTIONS } from '../fixtures/generated-client-project.js';
import ts from 'typescript';
import { API_HISTORY } from '../../src/domain/api-history/bundle.js';
import { VersionModel } from '../../src/domain/versioning/version-model.js';
import { startWithModel } from '../fixtures/lifecycle-service.js';
import { v1_0_0 } from '../fixtures/readme/v1-0-0-retiring.js';
import { startService } from '../fixtures/service.js';
import { TestClock } from '../fixtures/test-clock.js';

const run = promisify(execFile);
const README_URL = 'http://127.0.0.1:8000';

/** The README's TypeScript examples, each with the output block that follows it (or the number its last comment names). */
function readmeExamples(): { code: string; output: string }[] {
  const readme = readFileSync('client/README.md', 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```\n(?:\n```\n([\s\S]*?)```)?/g)].map(([, code = '', output]) => ({
    code,
    output: output ?? `${/\/\/ (\d+):[^\n]*\n$/.exec(code)?.[1] ?? ''}\n`,
  }));
}

/** A caller of the package at `version`, as a project writes one: `body` after a client is made. */
const caller = (version: string, body: string) => `import { createClient } from 'version-aware-api-client';

const api = createClient({ baseUrl: '${README_URL}', version: '${version}' });
${body}
export {};
`;

const DOG = "const { data } = await api.GET('/doggies/{id}/', { params: { path: { id: 1 } } });";

/** Callers, and the type errors each must get (none: it compiles). */
const CALLERS: Readonly<Record<string, { source: string; errors: RegExp[] }>> = {
  'age-2.1.0.ts': { source: caller('2.1.0', `${DOG}\nconst age: number | undefined = data?.age;`), errors: [] },
  'age-3.0.0.ts': { source: caller('3.0.0', `${DOG}\nconst age: number | undefined = data?.age;`), errors: [/is not assignable to type 'number'/] },
  'age-4.0.0.ts': { source: caller('4.0.0', `${DOG}\nconsole.log(data?.age);`), errors: [/Property 'age' does not exist/] },
  'expect-error-4.0.0.ts': {
    source: caller('4.0.0', `${DOG}\n// @ts-expect-error 4.0.0 removed Dog.age\nconsole.log(data?.age);\nconsole.log(data?.birthday);`),
    errors: [],
  },
  'detail-1.0.0.ts': { source: caller('1.0.0', DOG), errors: [/'"\/doggies\/\{id\}\/"' is not assignable/] },
  'unknown-version.ts': { source: caller('9.9.9', ''), errors: [/Type '"9\.9\.9"' is not assignable to type/] },
  'another-version-header.ts': {
    source: caller('2.1.0', "await api.GET('/doggies/{id}/', { params: { path: { id: 1 }, header: { 'Api-Version': '3.0.0' } } });"),
    errors: [/'+Api-Version'+ does not exist/],
  },
  'no-parameters.ts': {
    source: caller(
      '2.1.0',
      "await api.GET('/doggies/', { params: { query: { limit: 2 } } });\nawait api.GET('/version/');\nawait api.GET('/client/');",
    ),
    errors: [],
  },
};

// A program of lib.dom's types and six versions' paths, then three processes: tens of seconds on a shared machine.
t.setTimeout(180_000);

t.test("the package as a project installs it: typed per version, and the README's examples run as written", async (t) => {
  const reference = await startService(t, { ACCESS_LOG: 'off', KEEP_ALIVE_TIMEOUT_MS: '600000' });
  const versions = API_HISTORY.versions.map((change) => (change.version === '1.0.0' ? v1_0_0 : change));
  const retiring = await startWithModel(t, VersionModel.build({ ...API_HISTORY, versions }, { ageRemoval: 'computed' }), new TestClock('2027-01-01'));
  const directory = mkdtempSync(join(tmpdir(), 'client-package-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  mkdirSync(join(directory, 'node_modules'));
  symlinkSync(resolve('client'), join(directory, 'node_modules', 'version-aware-api-client'), 'dir');
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ type: 'module' }));
  const examples = readmeExamples();
  t.equal(examples.length, 3, 'the README shows three examples');
  // The last one calls a version past its sunset: the README's retiring 1.0.0 on 2027-01-01.
  const urls = [reference.url, reference.url, retiring.url];
  examples.forEach(({ code }, index) => writeFileSync(join(directory, `readme-${index + 1}.ts`), code.replace(README_URL, urls[index] as string)));
  for (const [name, { source }] of Object.entries(CALLERS)) writeFileSync(join(directory, name), source);
  const files = [...examples.map((_, index) => `readme-${index + 1}.ts`), ...Object.keys(CALLERS)].map((name) => join(directory, name));
  const program = ts.createProgram(files, { ...CLIENT_COMPILER_OPTIONS, exactOptionalPropertyTypes: true, outDir: join(directory, 'out') });
  const errorsOf = (file: string): string[] =>
    ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  for (const [name, { errors }] of Object.entries(CALLERS)) {
    const found = errorsOf(join(directory, name));
    if (errors.length === 0) t.same(found, [], `${name}: compiles`);
    else t.match(found, errors, `${name}: refused`);
    t.equal(found.length, errors.length, `${name}: ${errors.length} errors`);
  }
  for (const [index] of examples.entries()) t.same(errorsOf(join(directory, `readme-${index + 1}.ts`)), [], `README example ${index + 1}: compiles`);
  program.emit();
  for (const [index, { output }] of examples.entries()) {
    const printed = await run(process.execPath, [join(directory, 'out', `readme-${index + 1}.js`)], { cwd: directory });
    t.equal(printed.stdout, output.replace(README_URL, urls[index] as string), `README example ${index + 1}: prints what the README shows`);
    t.equal(printed.stderr, '', `README example ${index + 1}: no warning`);
  }
});

t.test("the README's pack: the package holds the built JavaScript and declarations, its README and package.json", async (t) => {
  const readme = readFileSync('client/README.md', 'utf8');
  const [, build, pack, tarball] =
    /```sh\n(npx tsc -p client\/tsconfig\.json) && \((cd client && npm pack)\) +# writes client\/(\S+)\n/.exec(readme) ?? [];
  t.equal(build, 'npx tsc -p client/tsconfig.json', "the README builds as npm test's build does (test/loader/build-once.mjs)");
  t.equal(pack, 'cd client && npm pack', 'then packs in client/');
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: 'client' });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  t.equal(packed?.filename, tarball, 'the file the README names');
  const files = packed?.files.map(({ path }) => path) ?? [];
  for (const file of ['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts', 'dist/paths/by-version.d.ts'])
    t.ok(files.includes(file), file);
  t.same(
    files.filter((path) => !/^dist\/.*\.(js|d\.ts)$/.test(path) && path !== 'package.json' && path !== 'README.md'),
    [],
    'nothing else: no sources, maps or build info',
  );
});
