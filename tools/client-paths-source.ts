import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { rcompare, valid } from 'semver';

/** Where the official client's per-version types are committed, from the repository's root. */
export const CLIENT_PATHS_DIRECTORY = 'client/src/paths';
/** The frozen document the client's types are made from: the default AGE_REMOVAL mode's. */
const DOCUMENT = 'openapi.computed.json';
/** The index of the per-version files. */
export const INDEX_FILE = 'by-version.ts';

/** `2.1.0` → `v2-1-0`: the module of a version, as the version modules are named. */
const moduleName = (version: string): string => `v${version.replaceAll('.', '-')}`;

/**
 * Every file of the client's `src/paths/`, by name, as generated from the frozen contracts under `contractsDirectory`:
 * a module per version (openapi-typescript's `paths`, `components` and `operations` of its frozen document), and
 * `by-version.ts`, the interface mapping each version to its `paths`, newest first.
 */
export async function clientPathsFiles(contractsDirectory: string): Promise<Map<string, string>> {
  const versions = (await readdir(contractsDirectory, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && valid(entry.name) !== null)
    .map(({ name }) => name)
    .sort(rcompare);
  const files = new Map<string, string>();
  for (const version of versions) {
    const document = JSON.parse(await readFile(join(contractsDirectory, version, DOCUMENT), 'utf8')) as OpenAPI3;
    const header = `// The types of version-aware-api ${version}, from contracts/${version}/${DOCUMENT}: written by \`npm run client-paths\`.\n\n`;
    files.set(`${moduleName(version)}.ts`, header + astToString(await openapiTS(document)));
  }
  const index = [
    "// Each frozen version's paths, newest first: written by `npm run client-paths` from contracts/.",
    '',
    ...versions.map((version) => `import type { paths as ${moduleName(version).replaceAll('-', '_')} } from './${moduleName(version)}.js';`),
    '',
    '/** The `paths` of each version with a frozen contract, by version. */',
    'export interface PathsByVersion {',
    ...versions.map((version) => `  '${version}': ${moduleName(version).replaceAll('-', '_')};`),
    '}',
    '',
  ].join('\n');
  files.set(INDEX_FILE, index);
  return files;
}
