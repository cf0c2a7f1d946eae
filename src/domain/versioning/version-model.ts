import type { AvailabilityTable } from './availability-table.js';
import type { ChangelogEntry } from './changelog-entry.js';
import type { JsonSchema } from './json-schema.js';
import type { BoundTransform, SchemaStep } from './schema-walk.js';
import { buildChangelog } from './changelog.js';
import { viewChanges, type VersionChange } from './version-change.js';
import { DeclarationChecker } from './declaration-checker.js';
import { deepFreeze } from './deep-freeze.js';
import type { DefaultVersionChoice } from './default-version.js';
import type { RemovalReading } from './removal-reading.js';
import type { Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { RecordType } from './record-type.js';
import type { Transform } from './transform.js';
import type { Version } from './version.js';
import type { AnyRecordHead, VersionBundle } from './version-bundle.js';
import { lifecyclesOf, type VersionLifecycle, type VersionWithLifecycle } from './version-lifecycle.js';
import { VersionStanding, type AdvertisedVersions } from './version-standing.js';
import type { CalendarDate } from '../records/calendar-date.js';
import { UnsupportedVersionError } from './refusals.js';

/** The settings a model is built with, besides the bundle and its options. */
export interface VersionModelSettings {
  /** Defaults to `latest`. */
  readonly defaultVersion?: DefaultVersionChoice;
  /** Defaults to `inclusive`. */
  readonly removedIn?: RemovalReading;
}

type AnyTransform = Transform<unknown>;

/** A record type and the example record its declaration gives, if any. */
export interface RecordSample {
  readonly key: RecordType<never>;
  readonly example?: unknown;
}

interface TransformChain {
  /** Newest change first. */
  readonly downgrade: readonly AnyTransform[];
  /** Oldest change first: the downgrade chain reversed. */
  readonly upgrade: readonly AnyTransform[];
}

/** What one version needs at request time, computed once when the model is built. */
interface VersionTable {
  readonly version: Version;
  readonly chains: ReadonlyMap<string, TransformChain>;
  /** Each record type's schema at the version, by name. */
  readonly schemas: ReadonlyMap<string, JsonSchema>;
  readonly entry: ChangelogEntry;
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

  private constructor(
    versions: readonly Version[],
    tables: ReadonlyMap<string, VersionTable>,
    heads: ReadonlyMap<string, AnyRecordHead>,
    availability: AvailabilityTable,
    ending: ReadonlySet<string>,
    lifecycles: ReadonlyMap<string, VersionLifecycle>,
    standings: readonly VersionStanding[],
    changes: readonly VersionChange[],
  ) {
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
    const reading = settings.removedIn ?? 'inclusive';
    const choice = settings.defaultVersion ?? 'latest';
    const check = new DeclarationChecker(bundle.versions);
    const versions = check.versions;
    if (choice !== 'latest' && choice !== 'earliest') {
      check.supported('default version', choice);
      check.throwIfAny();
    }

    const newestFirst = check.newestFirst(bundle.versions);
    const changes = newestFirst.map(({ version, change }) => ({
      version,
      records: check.knownRecordChanges(version, change.records(options), bundle.heads),
    }));
    check.viewSetsServeKnownTypes(bundle.viewSets, bundle.heads);
    const viewSets = check.viewSetWindows(bundle.viewSets, newestFirst.map(({ change }) => change).reverse());
    check.throwIfAny();

    check.unique(
      'record type',
      bundle.heads.map((head) => head.key.name),
    );
    const transforms = new Map<string, readonly BoundTransform[]>();
    const steps = new Map<string, readonly SchemaStep[]>();
    for (const head of bundle.heads) {
      // Newest version first, and within one the last declared first: changes declared as they happened undo in turn.
      const bound = changes.flatMap(({ version, records }) =>
        records
          .filter((record) => record.recordType === head.key)
          .map(({ transform }) => ({ version, transform }))
          .reverse(),
      );
      transforms.set(head.key.name, bound);
      for (const transform of bound) check.checkTransform(head.key.name, transform);
      const walked = check.walkSchemas(head, bound);
      if (walked !== undefined) steps.set(head.key.name, walked);
    }

    check.unique(
      'view set',
      viewSets.map((viewSet) => viewSet.name),
    );
    const availability = new Map<string, Map<string, ReadonlySet<string>>>();
    const ending = new Set<string>();
    for (const viewSet of viewSets) {
      const availableActions = new Map<string, ReadonlySet<string>>();
      availability.set(viewSet.name, availableActions);
      const endpoint = check.window(viewSet.name, viewSet, reading);
      const actions = Object.entries(viewSet.actions);
      if (actions.length === 0) check.problems.push(`${viewSet.name}: it declares no action; declare list, retrieve or another`);
      for (const [action, actionWindow] of actions) {
        const unit = `${viewSet.name}.${action}`;
        const own = check.window(unit, actionWindow, reading);
        const effective = endpoint.intersect(own);
        if (!own.isEmpty() && !endpoint.isEmpty() && effective.isEmpty()) {
          check.problems.push(`${unit}: its window does not overlap the window of ${viewSet.name}, so it is never available`);
        }
        if (effective.end !== undefined) ending.add(unit);
        availableActions.set(action, new Set(versions.filter((version) => effective.contains(version)).map(String)));
      }
    }
    check.recordChangesReachRoutes(changes, bundle.viewSets, availability);
    const lifecycles = lifecyclesOf(bundle.versions, (versions[0] as Version).toString(), check.problems);
    check.throwIfAny();

    const changelog = buildChangelog(bundle.versions, viewSets, versions, [...steps.values()].flat());
    const tables = new Map<string, VersionTable>();
    versions.forEach((version, index) => {
      tables.set(version.toString(), {
        version,
        ...compileChains(bundle.heads, transforms, version),
        entry: deepFreeze(changelog[index] as ChangelogEntry),
      });
    });
    const heads = new Map(bundle.heads.map((head) => [head.key.name, head]));
    const standings = VersionStanding.timeline(versions, lifecycles, choice);
    const byText = new Map(versions.map((version) => [version.toString(), version]));
    // As the changelog's `models`: a change that alters no schema and says nothing has no line, and no entry.
    const recordChanges = [...steps].flatMap(([recordType, walked]) =>
      walked.filter(({ line }) => line !== undefined).map(({ version, line }) => ({ version, description: line as string, recordType })),
    );
    const declared = [...recordChanges, ...viewChanges(viewSets, (text) => byText.get(text))].sort((a, b) => a.version.compare(b.version));
    return new VersionModel(versions, tables, heads, availability, ending, lifecycles, standings, declared);
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
    let data = head.represent(record as never);
    for (const transform of this.#chain(key, context.version).downgrade) {
      data = transform.downgradeResponse(data, context, record);
    }
    return data;
  }

  /** Input sent in the shape of the request's version, upgraded oldest change first to the newest shape. */
  upgradeRequest<R>(key: RecordType<R>, data: Representation, context: RequestContext): Representation {
    this.#head(key);
    let upgraded = data;
    for (const transform of this.#chain(key, context.version).upgrade) {
      if (transform.upgradeRequest !== undefined) upgraded = transform.upgradeRequest(upgraded, context);
    }
    return upgraded;
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

  #chain(key: RecordType<never>, version: Version): TransformChain {
    return this.#table(version).chains.get(key.name) as TransformChain;
  }
}

/** Each record type's transform chain at the version, and its schema there: the head's walked back through that chain. */
function compileChains(
  heads: readonly AnyRecordHead[],
  transforms: ReadonlyMap<string, readonly BoundTransform[]>,
  version: Version,
): { chains: Map<string, TransformChain>; schemas: Map<string, JsonSchema> } {
  const chains = new Map<string, TransformChain>();
  const schemas = new Map<string, JsonSchema>();
  for (const head of heads) {
    const applicable = (transforms.get(head.key.name) as readonly BoundTransform[])
      .filter((bound) => version.isOlderThan(bound.version))
      .map(({ transform }) => transform as AnyTransform);
    // Private to the model, so not frozen: V8 iterates a frozen array on a slower path, and this runs once per record.
    chains.set(head.key.name, { downgrade: applicable, upgrade: [...applicable].reverse() });
    schemas.set(head.key.name, deepFreeze(applicable.reduce((schema, transform) => transform.downgradeSchema(schema), head.schema)));
  }
  return { chains, schemas };
}
