import type { ChangelogEntry } from './changelog-entry.js';
import { deepFreeze } from './deep-freeze.js';
import type { JsonSchema } from './json-schema.js';
import type { RecordWalks } from './record-walks.js';
import type { Version } from './version.js';
import type { AnyRecordHead } from './version-bundle.js';
import type { Walk } from './walk.js';

/** What one version needs at request time, computed once when the model is built. */
export interface VersionTable {
  readonly version: Version;
  /** Each record type's walk from the newest shape to the version's, by name. */
  readonly walks: ReadonlyMap<string, Walk>;
  /** Each record type's schema at the version, by name. */
  readonly schemas: ReadonlyMap<string, JsonSchema>;
  readonly entry: ChangelogEntry;
}

/** Each version's table, by its text; `changelog` holds the versions' entries in their order, newest first. */
export function versionTables(
  versions: readonly Version[],
  heads: readonly AnyRecordHead[],
  walks: RecordWalks,
  changelog: readonly ChangelogEntry[],
): ReadonlyMap<string, VersionTable> {
  const tables = new Map<string, VersionTable>();
  versions.forEach((version, index) => {
    tables.set(version.toString(), {
      version,
      walks: new Map(heads.map((head) => [head.key.name, walks.ofType(head.key.name, version)])),
      schemas: new Map(heads.map((head) => [head.key.name, deepFreeze(walks.schemaAt(head.key.name, version))])),
      entry: deepFreeze(changelog[index] as ChangelogEntry),
    });
  });
  return tables;
}
