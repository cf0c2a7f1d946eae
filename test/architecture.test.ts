import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import t from 'tap';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(folder, entry.name)) : entry.name.endsWith('.ts') ? [join(folder, entry.name)] : [],
  );
}

interface Import {
  readonly file: string;
  readonly specifier: string;
  readonly names: string;
  /** For relative specifiers, the path from src/ of what it imports. */
  readonly target: string | undefined;
}

const IMPORT =
  /^\s*(?:import\s+(?:type\s+)?(?:([^'";]*?)\s+from\s+)?|export\s+(?:type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?)\s+from\s+)['"]([^'"]+)['"]/gm;
const files = sourceFiles(src);
const imports: Import[] = files.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map(([, imported, exported, specifier = '']) => ({
    file: relative(src, file),
    specifier,
    names: imported ?? exported ?? '',
    target: specifier.startsWith('.') ? relative(src, resolve(dirname(file), specifier)) : undefined,
  })),
);
const layer = (path: string): string => path.split('/')[0] as string;
/** Run as programs, so importing them starts something. */
const ENTRY_POINTS = ['main.ts', 'load-data.ts', 'clients.ts', 'cli/version-aware-api.ts'];

t.test('the scan sees the imports', async (t) => {
  t.ok(files.length > 40, `${files.length} source files`);
  t.ok(
    imports.some((i) => i.file === 'container.ts' && i.specifier === 'inversify'),
    'the composition root imports inversify',
  );
});

t.test('the domain imports only the domain and semver', async (t) => {
  const wrong = imports.filter(
    (i) => layer(i.file) === 'domain' && (i.target === undefined ? i.specifier !== 'semver' : layer(i.target) !== 'domain'),
  );
  t.same(
    wrong.map((i) => `${i.file} imports ${i.specifier}`),
    [],
  );
});

t.test('the application imports only the domain, itself, and inject/injectable from inversify', async (t) => {
  const wrong = imports.filter((i) => {
    if (layer(i.file) !== 'application') return false;
    if (i.target !== undefined) return !['domain', 'application'].includes(layer(i.target));
    return i.specifier !== 'inversify' || !/^\{\s*(inject|injectable)(\s*,\s*(inject|injectable))?\s*\}$/.test(i.names);
  });
  t.same(
    wrong.map((i) => `${i.file} imports ${i.names} from ${i.specifier}`),
    [],
  );
});

t.test('adapters do not reach for the composition root or the entry point', async (t) => {
  const wrong = imports.filter((i) => layer(i.file) === 'adapters' && (i.target === 'container.ts' || ENTRY_POINTS.includes(i.target ?? '')));
  t.same(
    wrong.map((i) => `${i.file} imports ${i.specifier}`),
    [],
  );
});

/** The folder a file is in (`adapters/persistence/postgres`, `domain/api-history/versions`): every folder is a unit, a parent and its subfolder two. */
const unitOf = (path: string): string => dirname(path);

t.test('no folder imports a folder that imports it back, directly or round a longer cycle', async (t) => {
  const edges = new Map<string, Set<string>>();
  for (const { file, target } of imports) {
    if (target === undefined || unitOf(file) === unitOf(target)) continue;
    const from = edges.get(unitOf(file)) ?? new Set<string>();
    edges.set(unitOf(file), from.add(unitOf(target)));
  }
  t.ok(edges.get('adapters/http')?.has('application/use-cases'), 'the scan sees imports between folders');
  t.ok(edges.get('adapters/http/docs')?.has('adapters/http/routing'), "the scan sees imports between adapters/http's folders");
  t.ok(edges.get('domain/api-history')?.has('domain/api-history/versions'), 'the scan sees a folder importing its subfolder');
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...(edges.get(from) ?? [])].some((next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))));
  const cycles = [...edges].flatMap(([from, targets]) =>
    [...targets].filter((to) => reaches(to, from)).map((to) => `${from} -> ${to} -> ... -> ${from}`),
  );
  t.same(cycles, []);
});

t.test('no two files import each other, a type-only import too', async (t) => {
  const edges = new Set(imports.filter((i) => i.target !== undefined).map((i) => `${i.file} ${(i.target as string).replace(/\.js$/, '.ts')}`));
  t.ok(edges.has('domain/versioning/refusals.ts domain/versioning/version.ts'), 'the scan sees imports between files');
  const pairs = [...edges].filter((edge) => {
    const [from, to] = edge.split(' ') as [string, string];
    return from < to && edges.has(`${to} ${from}`);
  });
  t.same(
    pairs.map((edge) => edge.replace(' ', ' <-> ')),
    [],
  );
});

t.test('the container is used only in the composition root', async (t) => {
  const users = files.filter((file) => /\bContainer\b(?!Module)/.test(readFileSync(file, 'utf8').replace(/\/\*\*[\s\S]*?\*\//g, '')));
  t.same(
    users.map((file) => relative(src, file)),
    ['container.ts'],
  );
});

t.test('every module but the entry points loads on its own, with no side effect on import', async (t) => {
  for (const file of files.filter((file) => !ENTRY_POINTS.includes(relative(src, file)))) {
    await t.resolves(import(pathToFileURL(file).href), relative(src, file));
  }
});

t.test('the domain holds no HTTP: no path, no method, no OpenAPI operation', async (t) => {
  const http = /operationId|['"`]\/[\w-]+\/|\b(GET|POST|PATCH|PUT|DELETE)\b(?=['"` ])/;
  const wrong = files.filter(
    (file) => relative(src, file).startsWith('domain/') && http.test(readFileSync(file, 'utf8').replace(/\/\*\*?[\s\S]*?\*\/|\/\/.*/g, '')),
  );
  t.same(
    wrong.map((file) => relative(src, file)),
    [],
  );
  t.ok(http.test(readFileSync(join(src, 'reference-api.ts'), 'utf8')), "the check sees the reference API's paths");
});

/** The reference's own files: its programs, and the entry `version-aware-api/reference`. */
const REFERENCE_FILES = ['reference-api.ts', 'main.ts', 'clients.ts', 'load-data.ts', 'reference.ts'];

t.test("no file of the library imports the reference API: only the reference's own files do", async (t) => {
  const importers = imports.filter((i) => i.target === 'reference-api.js').map((i) => i.file);
  t.ok(importers.includes('main.ts'), 'the scan sees the imports of the reference API');
  t.same(
    importers.filter((file) => !REFERENCE_FILES.includes(file)),
    [],
  );
});

/** The reference's declarations: its history and collections, and its records. */
const REFERENCE_FOLDERS = ['domain/api-history/', 'domain/dogs/', 'domain/cats/'];
const ofTheReference = (file: string): boolean => REFERENCE_FILES.includes(file) || REFERENCE_FOLDERS.some((folder) => file.startsWith(folder));

t.test(
  "no file of the library imports the reference (its bundle, heads, versions, sample, dogs and cats): only the reference's own files do",
  async (t) => {
    const importers = imports.filter(({ target }) => target !== undefined && REFERENCE_FOLDERS.some((folder) => target.startsWith(folder)));
    t.ok(
      importers.some((i) => i.file === 'reference-api.ts' && i.target === 'domain/api-history/bundle.js'),
      "the scan sees the imports of the reference's bundle",
    );
    t.same(
      importers.filter((i) => !ofTheReference(i.file)).map((i) => `${i.file} imports ${i.specifier}`),
      [],
    );
  },
);
