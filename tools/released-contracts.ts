import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AGE_REMOVALS } from '../src/domain/api-history/versions/age-removal.js';
import { publishedVersions } from './published-documents.js';
import type * as PublicEntry from '../src/index.js';

/** One file of a released version's contract: `contracts/<version>/<name>`. */
export interface ContractFile {
  readonly version: string;
  readonly name: string;
  readonly content: unknown;
}

/**
 * The day the contracts are generated on: the documents' examples are shaped as of the service's today (a dog's
 * age), so a fixed day keeps them from changing with the calendar.
 */
export const CONTRACT_DAY = '2026-11-22';

/** The names of a version's files: its document in each AGE_REMOVAL mode, then its changelog entry. */
export const CONTRACT_FILE_NAMES: readonly string[] = [...AGE_REMOVALS.map((mode) => `openapi.${mode}.json`), 'changelog.json'];

/**
 * What every version the code supports publishes today, under the default settings (none read from the process's
 * environment) on CONTRACT_DAY: its OpenAPI document in each AGE_REMOVAL mode and its changelog entry, newest version first.
 */
export async function releasedContracts(): Promise<ContractFile[]> {
  const byMode = new Map<string, Awaited<ReturnType<typeof publishedVersions>>>();
  for (const mode of AGE_REMOVALS) byMode.set(mode, await publishedVersions({ TODAY: CONTRACT_DAY, AGE_REMOVAL: mode }));
  const [first, ...others] = [...byMode.values()];
  const files: ContractFile[] = [];
  for (const [version, { changelogEntry }] of first ?? []) {
    for (const [mode, published] of byMode) {
      files.push({ version, name: `openapi.${mode}.json`, content: published.get(version)?.document });
    }
    for (const other of others) {
      if (JSON.stringify(other.get(version)?.changelogEntry) !== JSON.stringify(changelogEntry)) {
        throw new Error(`${version}: the changelog entry differs between AGE_REMOVAL modes, so one changelog.json cannot hold it`);
      }
    }
    files.push({ version, name: 'changelog.json', content: changelogEntry });
  }
  return files;
}

/** The names of a version's files for an API of a team's own: its document and its changelog entry. */
export const API_CONTRACT_FILE_NAMES: readonly string[] = ['openapi.json', 'changelog.json'];

/**
 * What every version of the API that `modulePath` exports as `exportName` publishes today (`defineApi`'s definition),
 * under the default settings on CONTRACT_DAY, newest version first: composed through the package's public entry, as the
 * module's own imports of `version-aware-api` are, so both use one copy of the layer. Throws naming a module that
 * does not export an API.
 */
export async function apiContracts(modulePath: string, exportName: string): Promise<ContractFile[]> {
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as Record<string, unknown>;
  const api = module[exportName] as { collections?: unknown; model?: unknown } | undefined;
  if (typeof api !== 'object' || api === null || !Array.isArray(api.collections) || typeof api.model !== 'function') {
    throw new Error(`${modulePath} exports no API as ${exportName}: export what defineApi gives`);
  }
  // A name in a variable: the package's entry is its build (dist/), which a type-check does not need to exist.
  const entry = 'version-aware-api';
  const { composeApi } = (await import(entry)) as typeof PublicEntry;
  const published = await publishedVersions({ TODAY: CONTRACT_DAY }, (environment, output) =>
    composeApi(api as Parameters<typeof composeApi>[0], environment, output),
  );
  return [...published].flatMap(([version, { document, changelogEntry }]) => [
    { version, name: 'openapi.json', content: document },
    { version, name: 'changelog.json', content: changelogEntry },
  ]);
}
