import type { AvailabilityTable } from './availability-table.js';
import type { ChangelogEntry } from './changelog-entry.js';
import type { JsonSchema } from './json-schema.js';
import type { SchemaStep } from './schema-walk.js';
import { RecordWalks, type OwnStep, type Walk } from './record-walks.js';
import { refPositions, refTo } from './record-refs.js';
import { buildChangelog } from './changelog.js';
import { viewChanges, type VersionChange } from './version-change.js';
import { DeclarationChecker } from './declaration-checker.js';
import { deepFreeze } from './deep-freeze.js';
import type { DefaultVersionChoice } from './default-version.js';
import type { RemovalReading } from './removal-reading.js';
import type { JsonValue, Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { RecordType } from './record-type.js';
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

/** A record type and the example record its declaration gives, if any. */
export interface RecordSample {
  readonly key: RecordType<never>;
  readonly example?: unknown;
}

/** What one version needs at request time, computed once when the model is built. */
interface VersionTable {
  readonly version: Version;
  /** Each record type's walk from the newest shape to the version's, by name. */
  readonly walks: ReadonlyMap<string, Walk>;
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
  readonly #walks: RecordWalks;

  private constructor(
    versions: readonly Version[],
    tables: ReadonlyMap<string, VersionTable>,
    heads: ReadonlyMap<string, AnyRecordHead>,
    availability: AvailabilityTable,
    ending: ReadonlySet<string>,
    lifecycles: ReadonlyMap<string, VersionLifecycle>,
    standings: readonly VersionStanding[],
    changes: readonly VersionChange[],
    walks: RecordWalks,
  ) {
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
    const steps = new Map<string, readonly SchemaStep[]>();
    for (const head of bundle.heads) {
      // Newest version first, and within one the last declared first: changes declared as they happened undo in turn.
      const bound = changes.flatMap(({ version, records }) =>
        records
          .filter((record) => record.recordType === head.key)
          .map(({ transform }) => ({ version, transform }))
          .reverse(),
      );
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
    const typeNames = new Set(bundle.heads.map((head) => head.key.name));
    for (const head of bundle.heads) {
      for (const { name } of refPositions(head.schema)) {
        if (!typeNames.has(name))
          check.problems.push(
            `${head.key.name}: its schema refers to ${name}, which is no declared record type; declare it, or write its schema in place`,
          );
      }
    }
    // A type whose walk failed is named already: it is walked with no changes, so the other problems are found too.
    const walks = new RecordWalks(
      versions,
      bundle.heads.map((head) => ({ name: head.key.name, head: head.schema, steps: ownSteps(steps.get(head.key.name) ?? []) })),
    );
    check.recordChangesReachRoutes(changes, bundle.viewSets, availability, (name) => walks.reachableFrom(refTo(name)));
    const lifecycles = lifecyclesOf(bundle.versions, (versions[0] as Version).toString(), check.problems);
    check.throwIfAny();

    const changelog = buildChangelog(bundle.versions, viewSets, versions, [...steps.values()].flat());
    const tables = new Map<string, VersionTable>();
    versions.forEach((version, index) => {
      tables.set(version.toString(), {
        version,
        walks: new Map(bundle.heads.map((head) => [head.key.name, walks.ofType(head.key.name, version)])),
        schemas: new Map(bundle.heads.map((head) => [head.key.name, deepFreeze(walks.schemaAt(head.key.name, version))])),
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
    return new VersionModel(versions, tables, heads, availability, ending, lifecycles, standings, declared, walks);
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

/** A record type's walked transforms, one per version that declares some: in the order they downgrade, and the schema before them. */
function ownSteps(walked: readonly SchemaStep[]): OwnStep[] {
  const steps: OwnStep[] = [];
  for (const { version, transform, before } of walked) {
    const last = steps.at(-1);
    if (last !== undefined && last.version.equals(version))
      steps[steps.length - 1] = { version, transforms: [...last.transforms, transform], before };
    else steps.push({ version, transforms: [transform], before });
  }
  return steps;
}
