import { actionAvailability } from './action-availability.js';
import type { AvailabilityTable } from './availability-table.js';
import { buildChangelog } from './changelog.js';
import { DeclarationChecker } from './declaration-checker.js';
import type { DefaultVersionChoice } from './default-version.js';
import { checkRefsDeclared, typeHistories, walkedHistories } from './record-histories.js';
import { refTo } from './record-refs.js';
import { RecordWalks } from './record-walks.js';
import type { RemovalReading } from './removal-reading.js';
import type { Version } from './version.js';
import type { AnyRecordHead, VersionBundle } from './version-bundle.js';
import { declaredChanges, type VersionChange } from './version-change.js';
import { lifecyclesOf, type VersionLifecycle } from './version-lifecycle.js';
import { VersionStanding } from './version-standing.js';
import { versionTables, type VersionTable } from './version-tables.js';

/** The settings a model is built with, besides the bundle and its options. */
export interface VersionModelSettings {
  /** Defaults to `latest`. */
  readonly defaultVersion?: DefaultVersionChoice;
  /** Defaults to `inclusive`. */
  readonly removedIn?: RemovalReading;
}

/** A bundle checked and compiled: what the model looks things up in. */
export interface CompiledHistory {
  /** Newest first. */
  readonly versions: readonly Version[];
  /** Each version's table, by its text. */
  readonly tables: ReadonlyMap<string, VersionTable>;
  readonly heads: ReadonlyMap<string, AnyRecordHead>;
  readonly availability: AvailabilityTable;
  /** "viewSet.action" of every action whose window has an end (removedIn). */
  readonly ending: ReadonlySet<string>;
  /** Each version's lifecycle, by its text. */
  readonly lifecycles: ReadonlyMap<string, VersionLifecycle>;
  /** Oldest first: one before any sunset, then one from each sunset date on. */
  readonly standings: readonly VersionStanding[];
  /** Every change the versions declare, oldest version first. */
  readonly changes: readonly VersionChange[];
  readonly walks: RecordWalks;
}

/**
 * Checks the bundle, with the variants `options` choose, and compiles its tables; throws VersionModelError naming
 * every problem at once. The checks run in this order, so the problems are listed in it.
 */
export function compileHistory<O>(bundle: VersionBundle<O>, options: O, settings: VersionModelSettings): CompiledHistory {
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

  const walked = walkedHistories(check, bundle.heads, changes);
  const { table: availability, ending } = actionAvailability(check, viewSets, versions, reading);
  checkRefsDeclared(check, bundle.heads);
  const walks = new RecordWalks(versions, typeHistories(bundle.heads, walked));
  check.recordChangesReachRoutes(changes, bundle.viewSets, availability, (name) => walks.reachableFrom(refTo(name)));
  const lifecycles = lifecyclesOf(bundle.versions, (versions[0] as Version).toString(), check.problems);
  check.throwIfAny();

  const changelog = buildChangelog(bundle.versions, viewSets, versions, [...walked.values()].flat());
  return {
    versions,
    tables: versionTables(versions, bundle.heads, walks, changelog),
    heads: new Map(bundle.heads.map((head) => [head.key.name, head])),
    availability,
    ending,
    lifecycles,
    standings: VersionStanding.timeline(versions, lifecycles, choice),
    changes: declaredChanges(walked, viewSets, versions),
    walks,
  };
}
