import type { DescribeRecords } from '../../../application/use-cases/describe-records.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import { deepFreeze } from '../../../domain/versioning/deep-freeze.js';
import type { Version } from '../../../domain/versioning/version.js';
import { JsonText } from '../response/prepared-bodies.js';
import type { ApiRoute } from '../routing/route.js';
import type { ApiContracts, OpenApiDocument, VersionSummary } from './api-contracts.js';
import { openApiDocument } from './openapi-document.js';
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

  constructor(routes: readonly ApiRoute[], records: DescribeRecords, changelog: readonly ChangelogEntry[], info: ApiInfo) {
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
      const document = deepFreeze(openApiDocument({ ...source, routes, sunsets, brownouts, versions: oldestFirst, info }));
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

  /** The bytes of a supported version's document. */
  json(version: Version): JsonText {
    return (this.#published.get(version.toString()) as Published).json;
  }
}
