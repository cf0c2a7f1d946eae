import { AGE_REMOVALS } from '../src/domain/api-history/versions/age-removal.js';
import { loadApi } from '../src/cli/api-module.js';
import { API_CONTRACT_FILE_NAMES, CONTRACT_DAY, apiContracts as contractsOf } from '../src/contracts/api-contracts.js';
import type { ContractFile } from '../src/contracts/frozen-contracts.js';
import { publishedVersions } from './published-documents.js';

export { API_CONTRACT_FILE_NAMES, CONTRACT_DAY, type ContractFile };

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

/**
 * What every version of the API that `modulePath` exports as `exportName` publishes (src/contracts/api-contracts.ts);
 * rejects naming a module that does not export an API.
 */
export async function apiContracts(modulePath: string, exportName: string): Promise<ContractFile[]> {
  return contractsOf(await loadApi(modulePath, exportName));
}
