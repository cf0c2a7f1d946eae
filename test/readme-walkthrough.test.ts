// Runs alone: it registers the scratch copy's module hooks in its process, and runs a test run of its own.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import ts from 'typescript';
import { SUPPORTED_VERSIONS } from '../src/domain/api-history/bundle.js';
import type * as ServiceFixture from './fixtures/service.js';
import { stampBuild } from './loader/build-paths.mjs';
import { acceptVersion, startService } from './fixtures/service.js';

// The README's "Adding a version", followed as it is written, in a scratch copy of the repository: its code and
// edits are read from README.md, so this test breaks when the steps stop working.

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/**
 * The test files run in the copy: each one that failed when a version was added while tests still wrote the newest
 * version, the version list or the newest shape out by hand. All run in-process (no PostgreSQL, no outside program),
 * in two processes; test/main.test.ts and test/main-metrics.test.ts, which start child processes, are left out
 * for time: they take the newest shape and the version count from the same fixtures (test/fixtures/versions.ts).
 */
const FAST_FILES = [
  'test/adapters/config/compose-service.test.ts',
  'test/readme.test.ts',
  'test/adapters/config/settings.test.ts',
  'test/adapters/http/access-log.test.ts',
  'test/adapters/http/changelog.test.ts',
  'test/adapters/http/client-errors.test.ts',
  'test/adapters/http/connection-edges.test.ts',
  'test/adapters/http/framing.test.ts',
  'test/adapters/http/graceful-stop.test.ts',
  'test/adapters/http/methods-and-redirects.test.ts',
  'test/adapters/http/openapi/lifecycle-contracts.test.ts',
  'test/adapters/http/openapi/published-contracts.test.ts',
  'test/adapters/http/request-limits.test.ts',
  'test/adapters/http/responses-per-version.test.ts',
  'test/adapters/http/retirement.test.ts',
  'test/adapters/http/server-limits.test.ts',
  'test/adapters/http/statuses-and-headers.test.ts',
  'test/adapters/http/version-selection.test.ts',
  'test/adapters/http/request/accept-cache.test.ts',
  'test/adapters/metrics/request-metrics.test.ts',
  'test/adapters/metrics/version-metrics.test.ts',
  'test/domain/versioning/standing-by-day.test.ts',
  'test/application/use-cases/version-use-cases.test.ts',
  'test/domain/api-history/changelog.test.ts',
  'test/domain/api-history/extended-history.test.ts',
  'test/domain/api-history/reference-history.test.ts',
  'test/domain/versioning/version-bundle.test.ts',
  'test/domain/versioning/version-lifecycle.test.ts',
  'test/domain/versioning/version-standing.test.ts',
];

/** The README's section, split into its intro and its numbered steps. */
function readmeSteps(): { intro: string; steps: string[]; after: string } {
  const start = readme.indexOf('## Adding a version');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const [intro = '', ...rest] = section.split(/^\d+\. /m);
  const last = rest.at(-1) ?? '';
  const end = last.indexOf('\n\n');
  return { intro, steps: [...rest.slice(0, -1), last.slice(0, end)], after: last.slice(end) };
}

/** The inline code spans of a piece of Markdown. */
const spans = (markdown: string): string[] => [...markdown.matchAll(/`([^`\n]+)`/g)].map(([, code = '']) => code);

/** The one span that starts with `prefix`. */
function spanStarting(t: Test, markdown: string, prefix: string): string {
  const found = spans(markdown).filter((span) => span.startsWith(prefix));
  t.equal(found.length, 1, `one code span starting ${JSON.stringify(prefix)}`);
  return found[0] ?? '';
}

/** Replaces the one occurrence of `from` in the file; fails when there is none or more than one. */
function replaceOnce(t: Test, file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  t.equal(text.split(from).length - 1, 1, `${JSON.stringify(from)} stands once in ${file}`);
  writeFileSync(
    file,
    text.replace(from, () => to),
  );
}

/**
 * A copy of the repository's files (tracked, and new ones git does not ignore) in a temporary folder, its node_modules
 * a link to ours, with the JavaScript this run's tests load (.test-build/, built before any test file).
 */
function scratchCopy(t: Test): string {
  const copy = mkdtempSync(join(tmpdir(), 'readme-walkthrough-'));
  t.teardown(() => rmSync(copy, { recursive: true, force: true }));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of files.filter((name) => name !== '' && existsSync(join(root, name)))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(root, file), join(copy, file));
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  cpSync(join(root, '.test-build'), join(copy, '.test-build'), { recursive: true });
  return copy;
}

/** The steps of the README applied to the copy: what the new version is, as the README's module declares it, and the files written. */
function applySteps(t: Test, copy: string): { version: string; notes: string[]; modelLine: string; changed: string[] } {
  const { intro, steps, after } = readmeSteps();
  t.equal(steps.length, 3, 'three steps');
  const [moduleStep = '', bundleStep = '', resourceStep = ''] = steps;
  const versionsFolder = spanStarting(t, intro, 'src/');
  const historyFolder = join(copy, dirname(versionsFolder));

  // 1. The version's module, from the README's code block, indented under its list item.
  const modulePath = join(historyFolder, spanStarting(t, moduleStep, 'versions/'));
  t.notOk(existsSync(modulePath), `${modulePath} is new`);
  const [, indent = '', code = ''] = /^( *)```ts\n([\s\S]*?)^ *```$/m.exec(moduleStep) ?? [];
  const module = code
    .split('\n')
    .map((line) => line.slice(indent.length))
    .join('\n');
  writeFileSync(modulePath, module);

  // 2. The bundle: the import, then the version first in `versions: [new, newest, …]`.
  const bundlePath = join(historyFolder, spanStarting(t, bundleStep, 'bundle.ts'));
  const importLine = spanStarting(t, bundleStep, 'import ');
  const bundle = readFileSync(bundlePath, 'utf8');
  const lastImport = [...bundle.matchAll(/^import .*;$/gm)].at(-1);
  const at = (lastImport?.index ?? 0) + (lastImport?.[0].length ?? 0);
  writeFileSync(bundlePath, `${bundle.slice(0, at)}\n${importLine}${bundle.slice(at)}`);
  const listed = spanStarting(t, bundleStep, 'versions: [');
  const names = listed
    .slice('versions: ['.length, listed.indexOf('…'))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  replaceOnce(t, bundlePath, `versions: [${names.slice(1).join(', ')}`, `versions: [${names.join(', ')}`);

  // 3. The newest shape and its schema.
  const resourcePath = join(historyFolder, spans(resourceStep).find((span) => span.endsWith('.ts')) ?? '');
  const represent = spanStarting(t, resourceStep, 'represent:');
  const resource = readFileSync(resourcePath, 'utf8');
  const oldRepresent = resource.split('\n').filter((line) => line.trim().startsWith('represent:'));
  t.equal(oldRepresent.length, 1, `one represent line in ${resourcePath}`);
  replaceOnce(t, resourcePath, (oldRepresent[0] ?? '').trim(), `${represent},`);
  const [, to = '', from = ''] = /`([^`]+)` in place of `([^`]+)`/.exec(resourceStep) ?? [];
  replaceOnce(t, resourcePath, from, to);

  return {
    version: /defineVersion<[^>]*>\('([^']+)'/.exec(module)?.[1] ?? '',
    notes: [...(/notes: \[([^\]]*)\]/.exec(module)?.[1]?.matchAll(/'([^']*)'/g) ?? [])].map(([, note = '']) => note),
    modelLine: /generated\s+line `([^`]+)`/.exec(after)?.[1] ?? '',
    changed: [modulePath, bundlePath, resourcePath],
  };
}

/**
 * Typechecks the files the steps changed, and what they import, with the project's settings, and writes their
 * JavaScript over the copied build (the other files' JavaScript is unchanged): tsc's messages, none when it passes.
 */
function buildChanged(copy: string, changed: readonly string[]): string {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const config = ts.getParsedCommandLineOfConfigFile(join(copy, 'tsconfig.test-build.json'), {}, host) as ts.ParsedCommandLine;
  const program = ts.createProgram({ rootNames: changed, options: { ...config.options, noCheck: false } });
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...changed.flatMap((file) => program.emit(program.getSourceFile(file)).diagnostics)];
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => copy, getNewLine: () => '\n' });
}

/** The environment of a test run of our own: without the variables of the runner (and c8) running this file. */
function ownEnvironment(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !/^(TAP|_TAPJS|TS_NODE|TEST_)/.test(name) && !['NODE_OPTIONS', 'NODE_V8_COVERAGE'].includes(name),
  );
  return { ...Object.fromEntries(inherited), TEST_OUTSIDE_PROGRAMS: 'none', DATABASE_URL: '' };
}

t.setTimeout(600_000);

t.test("the README's Adding a version, followed literally in a scratch copy: typecheck and the tests pass", async (t) => {
  const copy = scratchCopy(t);
  const added = applySteps(t, copy);
  t.notOk(SUPPORTED_VERSIONS.includes(added.version), `${added.version} is a new version`);
  t.ok(added.notes.length > 0 && added.modelLine !== '', 'the README names its notes and its generated line');

  const env = ownEnvironment();
  // Only the changed files are typechecked and compiled again: the rest of the copy is this run's build, unchanged.
  const started = Date.now();
  t.equal(buildChanged(copy, added.changed), '', 'the changed files typecheck');
  stampBuild(pathToFileURL(`${copy}/`), started);
  const missing = FAST_FILES.filter((file) => !existsSync(join(root, file)));
  t.same(missing, [], 'every test file the walkthrough runs exists (a moved file is renamed here too)');
  // The copy's own runner, on its build: two shared processes (one a core), each file's result a TAP line.
  const failures = await run(process.execPath, ['test/runner/run.mjs', '--no-build', '--jobs=2', '--shares=2', ...FAST_FILES], {
    cwd: copy,
    env,
    maxBuffer: 256 * 1024 * 1024,
  }).then(
    ({ stdout }) => (/^# \{ total: \d+, pass: \d+/m.test(stdout) ? [] : ["no summary line from the copy's test run"]),
    (error: { stdout?: string; stderr?: string }) =>
      [...`${error.stdout ?? ''}`.split('\n').filter((line) => /^\s*not ok /.test(line)), ...`${error.stderr ?? ''}`.split('\n')].filter(Boolean),
  );
  t.same(failures, [], 'the tests that depend on the newest version pass in the copy');

  // What the README says follows, seen over HTTP: the copy's service beside today's.
  register(pathToFileURL(join(copy, 'test', 'loader', 'compiled-typescript.mjs')));
  const scratchFixture = pathToFileURL(join(copy, 'test', 'fixtures', 'service.ts')).href;
  const { startService: startCopy } = (await import(scratchFixture)) as typeof ServiceFixture;
  const after = await startCopy(t, { ACCESS_LOG: 'off' });
  const before = await startService(t, { ACCESS_LOG: 'off' });
  const json = async (url: string, version?: string): Promise<unknown> =>
    (await fetch(url, version === undefined ? {} : { headers: acceptVersion(version) })).json();
  const dogSchema = (document: unknown) => (document as { components: { schemas: { Dog: unknown } } }).components.schemas.Dog;

  t.same(
    await json(`${after.url}/version/my_version/`),
    await json(`${after.url}/version/my_version/`, added.version),
    `${added.version} is the latest`,
  );
  for (const version of SUPPORTED_VERSIONS) {
    for (const path of ['/doggies/1/', '/doggies/?limit=5']) {
      t.same(await json(`${after.url}${path}`, version), await json(`${before.url}${path}`, version), `${path} at ${version}: its old shape`);
    }
    t.same(
      dogSchema(await json(`${after.url}/openapi.json`, version)),
      dogSchema(await json(`${before.url}/openapi.json`, version)),
      `${version}: its old schema`,
    );
  }
  const [entry] = (await json(`${after.url}/version/`)) as { version: string; notes: string[]; models: string[] }[];
  t.match(entry, { version: added.version, notes: added.notes, models: [added.modelLine] }, '/version/ lists the note and the generated line');
  const newest = dogSchema(await json(`${after.url}/openapi.json`, added.version)) as { properties: object };
  const newestDog = (await json(`${after.url}/doggies/1/`, added.version)) as object;
  t.same(Object.keys(newest.properties), Object.keys(newestDog), `/openapi.json at ${added.version} publishes the new schema`);
  const docs = await (await fetch(`${after.url}/docs/`)).text();
  t.equal(/href="\/docs\/\?version=([^"]+)"/.exec(docs)?.[1], added.version, `/docs/ lists ${added.version} first`);
});
