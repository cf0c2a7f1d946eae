import type { AvailabilityTable } from './availability-table.js';
import type { ChangelogEntry } from './changelog-entry.js';
import { compileHistory, type CompiledHistory, type VersionModelSettings } from './compile-history.js';
import type { JsonSchema } from './json-schema.js';
import type { RecordWalks } from './record-walks.js';
import type { JsonValue, Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { RecordType } from './record-type.js';
import type { Version } from './version.js';
import type { AnyRecordHead, VersionBundle } from './version-bundle.js';
import type { VersionChange } from './version-change.js';
import type { VersionLifecycle, VersionWithLifecycle } from './version-lifecycle.js';
import type { VersionStanding, AdvertisedVersions } from './version-standing.js';
import type { VersionTable } from './version-tables.js';
import type { Walk } from './walk.js';
import type { CalendarDate } from '../records/calendar-date.js';
import { UnsupportedVersionError } from './refusals.js';

/** A record type and the example record its declaration gives, if any. */
export interface RecordSample {
  readonly key: RecordType<never>;
  readonly example?: unknown;
}

/**
 * The whole versioning model: supported versions, transform chains, availability, the changelog, each version's
 * lifecycle and the standings of the versions. Built from the bundle and checked once; a request only looks things up.
 */
export class VersionModel {
  /** Newest first. */
  readonly versions: readonly Version[];
  readonly changelog: readonly ChangelogEntry[];
  readonly #tables: ReadonlyMap<string, VersionTable>;
  readonly #heads: ReadonlyMap<string, AnyRecordHead>;
  readonly #availability: AvailabilityTable;
  /** "viewSet.action" of every action whose window has an end (removedIn): it is not served after its last version. */
  readonly #ending: ReadonlySet<string>;
  readonly #lifecycles: ReadonlyMap<string, VersionLifecycle>;
  /** Oldest first: one before any sunset, then one from each sunset date on. */
  readonly standings: readonly VersionStanding[];
  /** Every version, newest first, with its lifecycle. */
  readonly lifecycles: readonly VersionWithLifecycle[];
  /** Set when no version has a sunset: every day then stands alike. */
  readonly #onlyStanding: VersionStanding | undefined;
  /** Every change the versions declare, oldest version first: record changes, then view changes. */
  readonly changes: readonly VersionChange[];
  readonly #walks: RecordWalks;

  private constructor({ versions, tables, heads, availability, ending, lifecycles, standings, changes, walks }: CompiledHistory) {
    this.#walks = walks;
    this.changes = Object.freeze(changes);
    this.#ending = ending;
    this.versions = Object.freeze([...versions]);
    this.#tables = tables;
    this.#heads = heads;
    this.#availability = availability;
    this.#lifecycles = lifecycles;
    this.standings = Object.freeze([...standings]);
    this.#onlyStanding = standings.length === 1 ? standings[0] : undefined;
    this.lifecycles = Object.freeze(
      this.versions.map((version) => Object.freeze({ version, lifecycle: lifecycles.get(version.toString()) as VersionLifecycle })),
    );
    this.changelog = Object.freeze(versions.map((version) => (tables.get(version.toString()) as VersionTable).entry));
  }

  /**
   * Checks the bundle, with the variants `options` choose, and compiles per-version tables; throws VersionModelError
   * naming every problem at once.
   */
  static build<O>(bundle: VersionBundle<O>, options: O, settings: VersionModelSettings = {}): VersionModel {
    return new VersionModel(compileHistory(bundle, options, settings));
  }

  /** Whether the action of the view set exists at this version (R1 to R3). */
  isAvailable(viewSet: string, action: string, version: Version): boolean {
    const availableAt = this.#availability.get(viewSet)?.get(action);
    if (availableAt === undefined) throw new Error(`${viewSet}.${action} is not declared in the version model`);
    if (availableAt.has(version.toString())) return true;
    this.#table(version);
    return false;
  }

  /** Whether the action of the view set has a removedIn: it is not served after the last version it is available at. */
  hasEnd(viewSet: string, action: string): boolean {
    return this.#ending.has(`${viewSet}.${action}`);
  }

  /** The record in the shape of the request's version: the newest shape, downgraded newest change first. */
  represent<R>(key: RecordType<R>, record: R, context: RequestContext): Representation {
    const head = this.#head(key);
    const data = head.represent(record as never);
    const walk = this.#walk(key, context.version);
    const flat = walk.flat;
    if (flat === undefined) return walk.down(data, context, record) as Representation;
    let shaped = data;
    for (const transform of flat) shaped = transform.downgradeResponse(shaped, context, record);
    return shaped;
  }

  /** A value of `schema` (a body that holds record types, by `$ref`) in the shape of the request's version: each type walked back where it appears. */
  representValue(schema: JsonSchema, data: JsonValue, context: RequestContext): JsonValue {
    return this.#walks.ofSchema(schema, context.version).down(data, context, data);
  }

  /** A value of `schema` sent in the shape of the request's version, upgraded to the newest: each type it holds, where it appears. */
  upgradeValue(schema: JsonSchema, data: JsonValue, context: RequestContext): JsonValue {
    return this.#walks.ofSchema(schema, context.version).up(data, context);
  }

  /** The record types `schema` holds, at any depth, by name. */
  typesIn(schema: JsonSchema): ReadonlySet<string> {
    return this.#walks.reachableFrom(schema);
  }

  /** Input sent in the shape of the request's version, upgraded oldest change first to the newest shape. */
  upgradeRequest<R>(key: RecordType<R>, data: Representation, context: RequestContext): Representation {
    this.#head(key);
    return this.#walk(key, context.version).up(data, context) as Representation;
  }

  /** The JSON Schema of the record type's shape at the version: the head's schema walked back as the data is. */
  schemaOf(key: RecordType<never>, version: Version): JsonSchema {
    this.#head(key);
    return this.#table(version).schemas.get(key.name) as JsonSchema;
  }

  /** The declared record types, with their example records when they have one. */
  get samples(): readonly RecordSample[] {
    return [...this.#heads.values()].map(({ key, example }) => (example === undefined ? { key } : { key, example }));
  }

  /** The version's declared deprecation, brownouts and sunset. */
  lifecycleOf(version: Version): VersionLifecycle {
    this.#table(version);
    return this.#lifecycles.get(version.toString()) as VersionLifecycle;
  }

  /** The versions as they stand on `today` (served, retired, and the default): the last standing that has begun. */
  standingOn(today: CalendarDate): VersionStanding {
    if (this.#onlyStanding !== undefined) return this.#onlyStanding;
    for (let index = this.standings.length - 1; index > 0; index -= 1) {
      const standing = this.standings[index] as VersionStanding;
      if (today.daysSince(standing.from as CalendarDate) >= 0) return standing;
    }
    return this.standings[0] as VersionStanding;
  }

  /** The versions served on `day` that are not deprecated by then, and those that are; oldest first. */
  advertisedOn(day: CalendarDate): AdvertisedVersions {
    return this.standingOn(day).advertisedOn(day);
  }

  changelogEntry(version: Version): ChangelogEntry {
    return this.#table(version).entry;
  }

  #table(version: Version): VersionTable {
    const table = this.#tables.get(version.toString());
    if (table === undefined) throw new UnsupportedVersionError(version.toString(), this.versions);
    return table;
  }

  #head<R>(key: RecordType<R>): AnyRecordHead {
    const head = this.#heads.get(key.name);
    if (head === undefined) throw new Error(`record type ${key.name} is not declared in the version model`);
    return head;
  }

  #walk(key: RecordType<never>, version: Version): Walk {
    return this.#table(version).walks.get(key.name) as Walk;
  }
}
