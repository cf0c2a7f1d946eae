// Needs nothing special: npm, and its cache (the registry only for what the cache lacks). About 30 s.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { SERVICE_SETTING_NAMES } from './fixtures/setting-names.js';
import { libraryModule } from './fixtures/library-module.js';
import { ROOT } from './fixtures/served-program.js';

// What a team does with the package: `npm pack`, an install of the tarball in an empty project, its entries imported
// in JavaScript and type-checked in TypeScript (NodeNext), and its program run from there (contracts, clients).
t.setTimeout(240_000);

/** The largest tarball accepted: the compiled code and its declarations are about 300 kB packed. */
const MAX_TARBALL_BYTES = 400_000;
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};
const SUBPATHS = Object.keys(PACKAGE.exports).map((key) => (key === '.' ? PACKAGE.name : `${PACKAGE.name}/${key.slice(2)}`));

// Outside the repository, so that nothing resolves to it; npm's settings of this run (npm_config_*) left out, so that
// an npm run here does not install into the repository.
const scratch = mkdtempSync(join(tmpdir(), 'package-install-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^npm_/i.test(name) && !['NODE_OPTIONS', 'NODE_V8_COVERAGE', ...SERVICE_SETTING_NAMES].includes(name),
  ),
);

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, settings: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...env, ...settings }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
    );
  });
}

async function ran(command: string, args: readonly string[], cwd: string): Promise<string> {
  const result = await run(command, args, cwd);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return result.stdout;
}

/**
 * The package as `npm pack` makes it (`prepack` builds it), from a copy of what the build reads: a clean build, and none
 * of the repository's dist/, which other tests run meanwhile, rewritten.
 */
async function pack(): Promise<{ tarball: string; files: string[]; size: number; unpackedSize: number }> {
  const source = join(scratch, 'source');
  mkdirSync(source);
  for (const file of ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json']) {
    if (existsSync(join(ROOT, file))) copyFileSync(join(ROOT, file), join(source, file));
  }
  cpSync(join(ROOT, 'src'), join(source, 'src'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(source, 'node_modules'), 'dir');
  const [packed] = JSON.parse(await ran('npm', ['pack', '--json', '--pack-destination', scratch], source)) as {
    filename: string;
    files: { path: string }[];
    size: number;
    unpackedSize: number;
  }[];
  if (packed === undefined) throw new Error('npm pack made no tarball');
  return {
    tarball: join(scratch, packed.filename),
    files: packed.files.map(({ path }) => path),
    size: packed.size,
    unpackedSize: packed.unpackedSize,
  };
}

/** Every entry imported, with types that are real: a wrong call does not compile. */
const TYPESCRIPT = `${SUBPATHS.map((subpath, index) => `import * as entry${index} from '${subpath}';`).join('\n')}
import { defineApi, type ApiDefinition } from 'version-aware-api';
import { defineVersion } from 'version-aware-api/versioning';
import { REFERENCE_API } from 'version-aware-api/reference';

export const entries: object[] = [${SUBPATHS.map((_, index) => `entry${index}`).join(', ')}];
export const first = defineVersion('1.0.0', { notes: ['First release'] });
// @ts-expect-error: notes are a list of lines
defineVersion('1.0.0', { notes: 'First release' });
export const declare: (declaration: Parameters<typeof defineApi>[0]) => ApiDefinition = defineApi;
export const reference: ApiDefinition = REFERENCE_API;
export const own = defineApi({
  collections: [],
  versions: [],
  settings: { MODE: { oneOf: ['fast', 'slow'], default: 'fast' } },
  options: ({ MODE }): { fast: boolean } => ({ fast: MODE === 'fast' }),
});
// @ts-expect-error: options get only the settings the API declares
defineApi({ versions: [], settings: { MODE: { oneOf: ['fast'], default: 'fast' } }, options: ({ SPEED }) => SPEED });
`;

t.test('npm pack, installed in an empty project: every entry imports and type-checks, the program runs from there', async (t) => {
  const { tarball, files, size, unpackedSize } = await pack();
  t.comment(`the tarball: ${files.length} files, ${size} bytes (${unpackedSize} unpacked)`);
  t.ok(size < MAX_TARBALL_BYTES, `the tarball is under ${MAX_TARBALL_BYTES} bytes: ${size}`);
  t.same(
    files.filter((path) => !/^dist\/.+\.(js|d\.ts)$/.test(path) && !['package.json', 'README.md', 'LICENSE'].includes(path)),
    [],
    'only the build, package.json, README and LICENSE',
  );
  t.same(
    files.filter((path) => /^(dist\/)?(test|bench|tools|bench-build|tools-build|\.test-build)\//.test(path)),
    [],
    'no test, bench or tools file, nor their builds',
  );
  t.same(
    files.filter((path) => path.endsWith('.js') && !existsSync(join(ROOT, 'src', `${path.slice('dist/'.length, -3)}.ts`))),
    [],
    'every module the build of a source in src/',
  );
  t.same(
    files.filter((path) => path.endsWith('.js') && !files.includes(`${path.slice(0, -3)}.d.ts`)),
    [],
    'every module with its declarations',
  );
  const targetsOf = (value: unknown): string[] =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).flatMap(targetsOf) : [];
  const targets = [...Object.values(PACKAGE.bin), ...targetsOf(PACKAGE.exports)];
  t.same(
    targets.map((target) => target.slice(2)).filter((path) => !files.includes(path)),
    [],
    'every export and the bin in it',
  );

  const project = join(scratch, 'project');
  mkdirSync(project);
  await ran('npm', ['init', '-y'], project);
  await ran('npm', ['pkg', 'set', 'type=module'], project);
  // A mount's framework is an optional peer: the project that imports the mount has it (the repository's own version).
  const peers = Object.keys(PACKAGE.peerDependencies ?? {}).map((name) => `${name}@${PACKAGE.devDependencies[name] ?? 'latest'}`);
  await ran('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball, ...peers], project);

  const imports = await ran(
    process.execPath,
    ['--input-type=module', '-e', `for (const s of ${JSON.stringify(SUBPATHS)}) console.log(s, Object.keys(await import(s)).sort().join(' '))`],
    project,
  );
  const exported = new Map(
    imports
      .trimEnd()
      .split('\n')
      .map((line) => [line.split(' ')[0], line.split(' ').slice(1)] as const),
  );
  t.same([...exported.keys()], SUBPATHS, 'JavaScript: every entry imports');
  for (const name of ['composeApi', 'defineApi', 'runApi', 'runClients', 'runLoadData'])
    t.ok(exported.get('version-aware-api')?.includes(name), name);
  for (const name of ['defineVersion', 'defineCollection', 'recordType', 'RenameField'])
    t.ok(exported.get('version-aware-api/versioning')?.includes(name), name);
  t.same(exported.get('version-aware-api/reference'), ['REFERENCE_API'], 'the reference API, from its own entry alone');
  t.notOk(exported.get('version-aware-api')?.includes('REFERENCE_API'), 'the root entry has no reference API');

  writeFileSync(join(project, 'check.ts'), TYPESCRIPT);
  const tsconfig = { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false };
  // The project's @types/node is the repository's: installing it would only fetch the same.
  const types = { types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...tsconfig, ...types }, files: ['check.ts'] }));
  const typecheck = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'], project);
  t.same([typecheck.code, typecheck.stdout], [0, ''], 'TypeScript (NodeNext, strict, declarations checked): every entry, its types real');

  const program = (args: readonly string[], settings?: Record<string, string>): Promise<Run> =>
    run('npx', ['--no', 'version-aware-api', ...args], project, settings);
  writeFileSync(join(project, 'api.mjs'), libraryModule(50));
  t.same(
    await program(['contracts', 'accept', '--api', './api.mjs', '--dir', 'contracts']),
    { code: 0, stdout: 'wrote contracts/1.0.0/openapi.json\nwrote contracts/1.0.0/changelog.json\n', stderr: '' },
    'contracts accept: the release frozen',
  );
  t.same(
    await program(['contracts', 'check', '--api', './api.mjs', '--dir', 'contracts']),
    { code: 0, stdout: 'contracts: 2 files of 1 versions match contracts/\n', stderr: '' },
    'contracts check: exit 0',
  );
  writeFileSync(join(project, 'api.mjs'), libraryModule(40));
  const changed = await program(['contracts', 'check', '--api', './api.mjs', '--dir', 'contracts']);
  t.equal(changed.code, 1, 'contracts check of a changed API: exit 1');
  t.match(
    changed.stdout,
    /^1\.0\.0 openapi\.json \/components\/schemas\/Book\/properties\/name\/maxLength \[maxLength\] BREAKING: maxLength lowered from 50 to 40/m,
  );
  t.match(changed.stderr, /run `version-aware-api contracts accept` \(with the same options\)/, 'how to accept it');
  const created = await program(['clients', 'create', 'shop', '--api', './api.mjs'], { CLIENTS_FILE: 'clients.json' });
  t.equal(created.code, 0, 'clients create: exit 0');
  t.match(created.stdout.trimEnd().split('\n').at(-1), /^vaa_[\w-]{43}$/, 'the key, on the last line');
  const bare = await program([]);
  t.same([bare.code, bare.stdout], [2, ''], 'no command: exit 2');
  t.match(bare.stderr, /^version-aware-api: no command\nusage: version-aware-api contracts check\|accept --api MODULE/, 'the usage');
});
