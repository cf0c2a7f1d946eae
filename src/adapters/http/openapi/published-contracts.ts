import type { DescribeRecords } from '../../../application/use-cases/describe-records.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import { deepFreeze } from '../../../domain/versioning/deep-freeze.js';
import type { Version } from '../../../domain/versioning/version.js';
import { PerBase } from '../response/per-base.js';
import { JsonText } from '../response/prepared-bodies.js';
import type { ApiRoute } from '../routing/route.js';
import type { ApiContracts, OpenApiDocument, VersionSummary } from './api-contracts.js';
import { documentAt, openApiDocument, type PinPaths } from './openapi-document.js';
import { checkSchemaAgreement } from './schema-agreement.js';
import type { ApiInfo } from './api-info.js';

/** One version's document, and its bytes as `/openapi.json` sends them. */
interface Published {
  readonly document: OpenApiDocument;
  readonly json: JsonText;
}

/**
 * Every version's OpenAPI document, made once at start from the routes and the record schemas, after checking that
 * each record type's example matches its schema at every version (a VersionModelError names the change that does not).
 */
export class PublishedContracts implements ApiContracts {
  readonly versions: readonly VersionSummary[];
  readonly #published = new Map<string, Published>();
  /** Each version's bytes for an API mounted below the root, made when first asked: the same document, its `servers` the base. */
  readonly #atBase = new PerBase(() => new Map<string, JsonText>());

  /** `clients`: where a client reads and moves its pin, which each document's description names; undefined when they are left out. */
  constructor(
    routes: readonly ApiRoute[],
    records: DescribeRecords,
    changelog: readonly ChangelogEntry[],
    info: ApiInfo,
    clients: PinPaths | undefined,
  ) {
    const entries = new Map(changelog.map((entry) => [entry.version, entry]));
    const sources = records.versions.map((version) => ({
      version,
      entry: entries.get(version.toString()) as ChangelogEntry,
      records: records.execute({ version }),
    }));
    checkSchemaAgreement(sources);
    const oldestFirst = [...records.versions].sort((a, b) => a.compare(b));
    const sunsets = changelog.flatMap(({ version, sunset }) => (sunset === null ? [] : [`${version} from ${sunset}`]));
    const brownouts = changelog.flatMap(({ version, brownouts: windows }) => windows.map(({ start, end }) => `${version} from ${start} to ${end}`));
    for (const source of sources) {
      const document = deepFreeze(openApiDocument({ ...source, routes, sunsets, brownouts, versions: oldestFirst, info, clients }));
      this.#published.set(source.version.toString(), { document, json: new JsonText(JSON.stringify(document)) });
    }
    this.versions = Object.freeze(
      sources.map(({ version, entry }) => ({
        version: version.toString(),
        notes: entry.notes,
        deprecated: entry.deprecated,
        sunset: entry.sunset,
        brownouts: entry.brownouts,
      })),
    );
  }

  document(version: string): OpenApiDocument | undefined {
    return this.#published.get(version)?.document;
  }

  /** The bytes of a supported version's document, for the API mounted at `base` ('' at the root). */
  json(version: Version, base = ''): JsonText {
    const text = version.toString();
    const published = this.#published.get(text) as Published;
    if (base === '') return published.json;
    const atBase = this.#atBase.of(base);
    let json = atBase.get(text);
    if (json === undefined) {
      json = new JsonText(JSON.stringify(documentAt(published.document, base)));
      atBase.set(text, json);
    }
    return json;
  }
}
