import type { ChangeReach, ReachedOperation } from '../../../application/clients/upgrade-reports.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionChange } from '../../../domain/versioning/version-change.js';
import { isOperationRoute, type ApiRoute } from '../routing/route.js';

/** One operation as a change may reach it: what it serves, and whether it is served at a version. */
interface Reachable {
  readonly reached: ReachedOperation;
  readonly serves: { readonly viewSet: string; readonly action: string } | undefined;
  /** Whether it serves the record type, at any depth of its body. */
  readonly holds: (recordType: string) => boolean;
  readonly availableAt: (version: Version) => boolean;
}

/**
 * The operations a change reaches, from the API's routes: a record change, every operation whose schemas hold that
 * record type, nested or not (a collection's reads and writes, the team's own), at the pin or at the target; a view
 * change, the operations of that view set (or of its one action), whenever they are served.
 */
export function changeReach(routes: readonly ApiRoute[]): ChangeReach {
  const template = (pattern: string): string => pattern.replace(/:(\w+)/g, '{$1}');
  const reachable = routes.flatMap((route): Reachable[] =>
    isOperationRoute(route)
      ? [...route.operations.values()].map(({ method, contract }) => ({
          reached: { operation: `${method} ${template(route.pattern)}`, route: route.pattern },
          serves: contract.serves,
          holds: (recordType) => contract.recordTypes.has(recordType),
          availableAt: (version) => contract.availableAt(version),
        }))
      : [],
  );
  return {
    reaches(change: VersionChange, from: Version, to: Version): readonly ReachedOperation[] {
      return reachable
        .filter(({ serves, holds, availableAt }) => {
          if (change.viewSet !== undefined)
            return serves?.viewSet === change.viewSet && (change.action === undefined || serves.action === change.action);
          return holds(change.recordType as string) && (availableAt(from) || availableAt(to));
        })
        .map(({ reached }) => reached);
    },
  };
}
