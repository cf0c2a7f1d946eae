import type { SchemaStep } from './schema-walk.js';
import type { Version } from './version.js';
import type { ViewSetWindows } from './view-set-windows.js';

/**
 * One change a version declares, as its changelog entry describes it: a record type's change (its `models` line), or
 * a view set's, or one of its actions', introduction or removal.
 */
export interface VersionChange {
  readonly version: Version;
  readonly description: string;
  /** The record type a record change alters. */
  readonly recordType?: string;
  /** The view set a view change opens or closes, and the action when it is one action's. */
  readonly viewSet?: string;
  readonly action?: string;
}

/** The view changes of the windows, each under the version that declares it; `find` gives a version by its text. */
function viewChanges(viewSets: readonly ViewSetWindows[], find: (text: string) => Version | undefined): VersionChange[] {
  const changes: VersionChange[] = [];
  const add = (text: string | undefined, what: string, change: Pick<VersionChange, 'viewSet' | 'action'>): void => {
    const version = text === undefined ? undefined : find(text);
    if (version !== undefined) changes.push({ version, description: what, ...change });
  };
  for (const viewSet of viewSets) {
    add(viewSet.introducedIn, `${viewSet.name} introduced`, { viewSet: viewSet.name });
    add(viewSet.removedIn, `${viewSet.name} removed`, { viewSet: viewSet.name });
    for (const [action, window] of Object.entries(viewSet.actions)) {
      add(window.introducedIn, `${viewSet.name}.${action} introduced`, { viewSet: viewSet.name, action });
      add(window.removedIn, `${viewSet.name}.${action} removed`, { viewSet: viewSet.name, action });
    }
  }
  return changes;
}

/** Every change the versions declare, oldest version first: the record changes (`walked`, by record type), then the view changes. */
export function declaredChanges(
  walked: ReadonlyMap<string, readonly SchemaStep[]>,
  viewSets: readonly ViewSetWindows[],
  versions: readonly Version[],
): VersionChange[] {
  const byText = new Map(versions.map((version) => [version.toString(), version]));
  // As the changelog's `models`: a change that alters no schema and says nothing has no line, and no entry.
  const recordChanges = [...walked].flatMap(([recordType, steps]) =>
    steps.filter(({ line }) => line !== undefined).map(({ version, line }) => ({ version, description: line as string, recordType })),
  );
  return [...recordChanges, ...viewChanges(viewSets, (text) => byText.get(text))].sort((a, b) => a.version.compare(b.version));
}
