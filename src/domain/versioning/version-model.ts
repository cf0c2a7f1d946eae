import type { ChangelogEntry } from './changelog-entry.js';
import type { JsonSchema } from './json-schema.js';
import { orderedTransforms, type SchemaStep } from './schema-walk.js';
import { buildChangelog } from './changelog.js';
import { DeclarationChecker } from './declaration-checker.js';
import { deepFreeze } from './deep-freeze.js';
import { MalformedVersionError } from './malformed-version-error.js';
import type { Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { ResourceDeclaration, ResourceKey } from './resource-declaration.js';
import type { Transform } from './transform.js';
import { UnsupportedVersionError } from './unsupported-version-error.js';
import { Version } from './version.js';
import type { VersionModelDeclaration } from './version-model-declaration.js';
import { lifecyclesOf, type VersionLifecycle } from './version-lifecycle.js';
import { standingOf, standingsOf, type VersionStanding } from './version-standing.js';
import type { CalendarDate } from '../records/calendar-date.js';

type AnyTransform = Transform<unknown>;

/** A record type and the example record its declaration gives, if any. */
export interface ResourceSample {
  readonly key: ResourceKey<never>;
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

/** View set name, then action name, then the texts of the versions at which the action exists. */
type AvailabilityTable = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;

/**
 * The whole versioning model: supported versions, the default, transform chains, availability,
 * the changelog and each version's lifecycle. Built and validated once; a request only looks things up.
 */
export class VersionModel {
  /** Newest first. */
  readonly versions: readonly Version[];
  readonly defaultVersion: Version;
  readonly changelog: readonly ChangelogEntry[];
  readonly #tables: ReadonlyMap<string, VersionTable>;
  readonly #resources: ReadonlyMap<string, ResourceDeclaration<unknown>>;
  readonly #availability: AvailabilityTable;
  /** "viewSet.action" of every action whose window has an end (removedIn): it is not served after its last version. */
  readonly #ending: ReadonlySet<string>;
  readonly #lifecycles: ReadonlyMap<string, VersionLifecycle>;
  /** Oldest first: one before any sunset, then one from each sunset date on. */
  readonly standings: readonly VersionStanding[];

  private constructor(
    versions: readonly Version[],
    defaultVersion: Version,
    tables: ReadonlyMap<string, VersionTable>,
    resources: ReadonlyMap<string, ResourceDeclaration<unknown>>,
    availability: AvailabilityTable,
    ending: ReadonlySet<string>,
    lifecycles: ReadonlyMap<string, VersionLifecycle>,
    standings: readonly VersionStanding[],
  ) {
    this.#ending = ending;
    this.versions = Object.freeze([...versions]);
    this.defaultVersion = defaultVersion;
    this.#tables = tables;
    this.#resources = resources;
    this.#availability = availability;
    this.#lifecycles = lifecycles;
    this.standings = Object.freeze([...standings]);
    this.changelog = Object.freeze(versions.map((version) => (tables.get(version.toString()) as VersionTable).entry));
  }

  /** Validates every declaration and compiles per-version tables; throws VersionModelError naming each problem. */
  static build(declaration: VersionModelDeclaration): VersionModel {
    const reading = declaration.removedIn ?? 'inclusive';
    const check = new DeclarationChecker(declaration.versions);
    const versions = check.versions;

    const defaultVersion = chooseDefault(check, declaration.defaultVersion ?? 'latest');

    check.unique(
      'resource',
      declaration.resources.map((resource) => resource.key.name),
    );
    const steps = new Map<string, readonly SchemaStep[]>();
    for (const resource of declaration.resources) {
      const known = resource.transforms.map((transform) => check.checkTransform(resource.key.name, transform));
      const walked = known.every(Boolean) ? check.walkSchemas(resource) : undefined;
      if (walked !== undefined) steps.set(resource.key.name, walked);
    }

    check.unique(
      'view set',
      declaration.viewSets.map((viewSet) => viewSet.name),
    );
    const availability = new Map<string, Map<string, ReadonlySet<string>>>();
    const ending = new Set<string>();
    for (const viewSet of declaration.viewSets) {
      const availableActions = new Map<string, ReadonlySet<string>>();
      availability.set(viewSet.name, availableActions);
      const endpoint = check.window(viewSet.name, viewSet, reading);
      const actions = Object.entries(viewSet.actions);
      if (actions.length === 0) check.problems.push(`${viewSet.name}: it declares no action; declare list, retrieve or another`);
      for (const [action, actionDeclaration] of actions) {
        const unit = `${viewSet.name}.${action}`;
        const own = check.window(unit, actionDeclaration, reading);
        const effective = endpoint.intersect(own);
        if (!own.isEmpty() && !endpoint.isEmpty() && effective.isEmpty()) {
          check.problems.push(`${unit}: its window does not overlap the window of ${viewSet.name}, so it is never available`);
        }
        if (effective.end !== undefined) ending.add(unit);
        availableActions.set(action, new Set(versions.filter((version) => effective.contains(version)).map(String)));
      }
    }
    const lifecycles = lifecyclesOf(declaration.versions, (versions[0] as Version).toString(), check.problems);
    check.throwIfAny();

    const changelog = buildChangelog(declaration, versions, [...steps.values()].flat());
    const tables = new Map<string, VersionTable>();
    versions.forEach((version, index) => {
      tables.set(version.toString(), {
        version,
        ...compileChains(declaration.resources, version),
        entry: deepFreeze(changelog[index] as ChangelogEntry),
      });
    });
    const resources = new Map(declaration.resources.map((resource) => [resource.key.name, resource as ResourceDeclaration<unknown>]));
    const standings = standingsOf(versions, lifecycles, declaration.defaultVersion ?? 'latest');
    return new VersionModel(versions, defaultVersion, tables, resources, availability, ending, lifecycles, standings);
  }

  get latest(): Version {
    return this.versions[0] as Version;
  }

  get earliest(): Version {
    return this.versions[this.versions.length - 1] as Version;
  }

  /** The supported version a request names, or the default when it names none (absent or empty). */
  resolve(requested: string | undefined): Version {
    if (requested === undefined || requested === '') return this.defaultVersion;
    const table = this.#tables.get(requested);
    if (table !== undefined) return table.version;
    if (!Version.isWellFormed(requested)) throw new MalformedVersionError(requested, this.versions);
    throw new UnsupportedVersionError(requested, this.versions);
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
  represent<R>(key: ResourceKey<R>, record: R, context: RequestContext): Representation {
    const resource = this.#resource(key);
    let data = resource.represent(record);
    for (const transform of this.#chain(key, context.version).downgrade) {
      data = transform.downgradeResponse(data, context, record);
    }
    return data;
  }

  /** Input sent in the shape of the request's version, upgraded oldest change first to the newest shape. */
  upgradeRequest<R>(key: ResourceKey<R>, data: Representation, context: RequestContext): Representation {
    this.#resource(key);
    let upgraded = data;
    for (const transform of this.#chain(key, context.version).upgrade) {
      if (transform.upgradeRequest !== undefined) upgraded = transform.upgradeRequest(upgraded, context);
    }
    return upgraded;
  }

  /** The JSON Schema of the record type's shape at the version: the head's schema walked back as the data is. */
  schemaOf(key: ResourceKey<never>, version: Version): JsonSchema {
    this.#resource(key);
    return this.#table(version).schemas.get(key.name) as JsonSchema;
  }

  /** The declared record types, with their example records when they have one. */
  get resources(): readonly ResourceSample[] {
    return [...this.#resources.values()].map(({ key, example }) => (example === undefined ? { key } : { key, example }));
  }

  /** The version's declared deprecation and sunset. */
  lifecycleOf(version: Version): VersionLifecycle {
    this.#table(version);
    return this.#lifecycles.get(version.toString()) as VersionLifecycle;
  }

  /** Whether the version's sunset has come by `today` (UTC): it is then no longer served. */
  isRetired(version: Version, today: CalendarDate): boolean {
    return this.lifecycleOf(version).isRetiredOn(today);
  }

  /** The versions as they stand on `today`: served, retired, and the default. */
  standingOn(today: CalendarDate): VersionStanding {
    return standingOf(this.standings, today);
  }

  changelogEntry(version: Version): ChangelogEntry {
    return this.#table(version).entry;
  }

  #table(version: Version): VersionTable {
    const table = this.#tables.get(version.toString());
    if (table === undefined) throw new UnsupportedVersionError(version.toString(), this.versions);
    return table;
  }

  #resource<R>(key: ResourceKey<R>): ResourceDeclaration<unknown> {
    const resource = this.#resources.get(key.name);
    if (resource === undefined) throw new Error(`resource ${key.name} is not declared in the version model`);
    return resource;
  }

  #chain(key: ResourceKey<never>, version: Version): TransformChain {
    return this.#table(version).chains.get(key.name) as TransformChain;
  }
}

function chooseDefault(check: DeclarationChecker, choice: string): Version {
  if (choice === 'latest') return check.versions[0] as Version;
  if (choice === 'earliest') return check.versions[check.versions.length - 1] as Version;
  const exact = check.supported('default version', choice);
  check.throwIfAny();
  return exact as Version;
}

/** The transforms that run for a request at the version, newest first. */
/** Each record type's transform chain at the version, and its schema there: the head's walked back through that chain. */
function compileChains(
  resources: readonly ResourceDeclaration<never>[],
  version: Version,
): { chains: Map<string, TransformChain>; schemas: Map<string, JsonSchema> } {
  const chains = new Map<string, TransformChain>();
  const schemas = new Map<string, JsonSchema>();
  for (const resource of resources) {
    const applicable = orderedTransforms(resource.transforms).filter((transform) => version.isOlderThan(Version.parse(transform.version)));
    // Private to the model, so not frozen: V8 iterates a frozen array on a slower path, and this runs once per record.
    chains.set(resource.key.name, { downgrade: applicable, upgrade: [...applicable].reverse() });
    schemas.set(resource.key.name, deepFreeze(applicable.reduce((schema, transform) => transform.downgradeSchema(schema), resource.schema)));
  }
  return { chains, schemas };
}
