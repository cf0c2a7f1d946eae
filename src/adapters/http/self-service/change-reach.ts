import type { ChangeReach, ReachedOperation } from '../../../application/clients/upgrade-reports.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionChange } from '../../../domain/versioning/version-change.js';
import { isOperationRoute, type ApiRoute, type Route } from '../routing/route.js';
import type { OperationContract } from '../routing/operation-route.js';

/** One operation as a change may reach it: what it serves, and whether it is served at a version. */
interface Reachable {
  readonly reached: ReachedOperation;
  readonly serves: { readonly viewSet: string; readonly action: string } | undefined;
  /** Whether it serves the record type, at any depth of its body. */
  readonly holds: (recordType: string) => boolean;
  readonly availableAt: (version: Version) => boolean;
}

/**
 * The operations a change reaches, from the API's routes: a record change, every GET serving that record type (and
 * every operation of the team's own whose schemas hold it, nested or not) at the pin or at the target; a view change,
 * the operations of that view set (or of its one action), whenever they are served.
 */
export function changeReach(routes: readonly ApiRoute[]): ChangeReach {
  const template = (pattern: string): string => pattern.replace(/:(\w+)/g, '{$1}');
  const reachable = routes.flatMap((route): Reachable[] => {
    if (isOperationRoute(route)) {
      return [...route.operations.values()].map(({ method, contract }: { method: string; contract: OperationContract }) => ({
        reached: { operation: `${method} ${template(route.pattern)}`, route: route.pattern },
        serves: contract.serves,
        holds: (recordType) => contract.recordTypes.has(recordType),
        availableAt: (version) => contract.availableAt(version),
      }));
    }
    if ('method' in route || route.unversioned === true) return [];
    const { contract } = route as Route;
    const { body } = contract;
    // A route serving records always says at which versions (api-routes.ts's recordContract).
    const served = contract as Required<Pick<typeof contract, 'availableAt'>>;
    return [
      {
        reached: { operation: `GET ${template(route.pattern)}`, route: route.pattern },
        serves: contract.serves,
        holds: (recordType) => body.kind !== 'fixed' && body.recordType.name === recordType,
        availableAt: (version) => served.availableAt(version),
      },
    ];
  });
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
