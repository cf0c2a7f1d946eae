import type { ApiDefinition } from '../api-definition.js';
import type * as PublicEntry from '../index.js';
import type { ContractFile } from './frozen-contracts.js';
import { publishedVersions } from './published-versions.js';

/**
 * The day the contracts are generated on: the documents' examples are shaped as of the service's today (a dog's
 * age), so a fixed day keeps them from changing with the calendar.
 */
export const CONTRACT_DAY = '2026-11-22';

/** The names of a version's files for an API of a team's own: its document and its changelog entry. */
export const API_CONTRACT_FILE_NAMES: readonly string[] = ['openapi.json', 'changelog.json'];

/**
 * What every version of `api` (`defineApi`'s definition) publishes today, under the default settings on CONTRACT_DAY,
 * newest version first: composed through the package's public entry, as the API module's own imports of
 * `version-aware-api` are, so that both use one copy of the layer.
 */
export async function apiContracts(api: ApiDefinition): Promise<ContractFile[]> {
  // A name in a variable: the package's entry is its build (dist/), which a type-check does not need to exist.
  const entry = 'version-aware-api';
  const { composeApi } = (await import(entry)) as typeof PublicEntry;
  const { changelog, openapi } = api.endpoints;
  if (changelog === false || openapi === false) {
    throw new Error(
      `the API leaves out its ${changelog === false ? 'changelog (endpoints.changelog)' : 'OpenAPI documents (endpoints.openapi)'}: it publishes no contract to freeze`,
    );
  }
  const published = await publishedVersions({ TODAY: CONTRACT_DAY }, (environment, output) => composeApi(api, environment, output), {
    changelog,
    openapi,
  });
  return [...published].flatMap(([version, { document, changelogEntry }]) => [
    { version, name: 'openapi.json', content: document },
    { version, name: 'changelog.json', content: changelogEntry },
  ]);
}
