import type { Environment } from '../adapters/config/settings.js';
import type { ComposedService } from '../container.js';
import type { ServiceOutput } from '../composition/service-output.js';

/** How the service is composed: the reference one, or another API's through the package's public entry. */
export type Compose = (environment: Environment, output: ServiceOutput) => Promise<Pick<ComposedService, 'server' | 'stop'>>;

/** What a version publishes: its OpenAPI document (`/openapi.json`) and its changelog entry (its item in `/version/`). */
export interface PublishedVersion {
  readonly document: object;
  readonly changelogEntry: object;
}

/** Where the service publishes its changelog and its documents (an API's `endpoints`). */
export interface PublishedPaths {
  readonly changelog: string;
  readonly openapi: string;
}

const DEFAULT_PUBLISHED_PATHS: PublishedPaths = { changelog: '/version/', openapi: '/openapi.json' };

/**
 * Every supported version's document and changelog entry, by version, newest first, as the service that `compose`
 * builds publishes them under exactly the settings `environment` holds: the service is started on a free loopback port with
 * the in-memory storage and asked for each, as a client would, then stopped. They never depend on the storage.
 */
export async function publishedVersions(
  environment: Environment,
  compose: Compose,
  { changelog, openapi }: PublishedPaths = DEFAULT_PUBLISHED_PATHS,
): Promise<Map<string, PublishedVersion>> {
  const service = await compose(
    { ...environment, DATABASE_URL: undefined, STORAGE: 'memory', ACCESS_LOG: 'off' },
    { stdout: () => undefined, stderr: (line) => console.error(line) },
  );
  try {
    const { port } = await service.server.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    const get = async (path: string, version?: string): Promise<unknown> => {
      const response = await fetch(`${url}${path}`, { headers: version === undefined ? {} : { accept: `application/json; version=${version}` } });
      if (!response.ok)
        throw new Error(`${path}${version === undefined ? '' : ` at ${version}`} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    const published = new Map<string, PublishedVersion>();
    for (const changelogEntry of (await get(changelog)) as { version: string }[]) {
      published.set(changelogEntry.version, { document: (await get(openapi, changelogEntry.version)) as object, changelogEntry });
    }
    return published;
  } finally {
    await service.stop();
  }
}
