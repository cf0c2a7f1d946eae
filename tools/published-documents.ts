import { composeService } from '../src/reference-api.js';
import { publishedVersions as published, type Compose, type PublishedVersion } from '../src/contracts/published-versions.js';
import type { Environment } from '../src/adapters/config/settings.js';

export type { Compose, PublishedVersion };

/** Every supported version's document and changelog entry, as the service `compose` builds (the reference one by default) publishes them under `environment`. */
export function publishedVersions(environment: Environment, compose: Compose = composeService): Promise<Map<string, PublishedVersion>> {
  return published(environment, compose);
}

/** Every supported version's OpenAPI document, by version, under the settings in force (process.env) plus those `env` adds. */
export async function publishedDocuments(env: Record<string, string> = {}): Promise<Map<string, object>> {
  const published = await publishedVersions({ ...process.env, ...env });
  return new Map([...published].map(([version, { document }]) => [version, document]));
}
