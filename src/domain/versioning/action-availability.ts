import type { AvailabilityTable } from './availability-table.js';
import type { DeclarationChecker } from './declaration-checker.js';
import type { RemovalReading } from './removal-reading.js';
import type { Version } from './version.js';
import type { ViewSetWindows } from './view-set-windows.js';

/** At which versions each action of each view set exists, and which of them end. */
export interface ActionAvailability {
  readonly table: AvailabilityTable;
  /** "viewSet.action" of every action whose window has an end (removedIn): it is not served after its last version. */
  readonly ending: ReadonlySet<string>;
}

/**
 * Each action's window, the view set's and its own intersected (R1 to R3), read at every version (newest first);
 * each problem is recorded by `check`: a view set named twice or with no action, a window never open.
 */
export function actionAvailability(
  check: DeclarationChecker,
  viewSets: readonly ViewSetWindows[],
  versions: readonly Version[],
  reading: RemovalReading,
): ActionAvailability {
  check.unique(
    'view set',
    viewSets.map((viewSet) => viewSet.name),
  );
  const table = new Map<string, Map<string, ReadonlySet<string>>>();
  const ending = new Set<string>();
  for (const viewSet of viewSets) {
    const availableActions = new Map<string, ReadonlySet<string>>();
    table.set(viewSet.name, availableActions);
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
  return { table, ending };
}
