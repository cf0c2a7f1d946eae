import type { ChangeReach, ReachedOperation } from '../../../application/clients/upgrade-reports.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionChange } from '../../../domain/versioning/version-change.js';
import type { ApiRoute, Route } from '../routing/route.js';

/**
 * The operations a change reaches, from the API's routes: a record change, every GET serving that record type at the
 * pin or at the target; a view change, the GETs of that view set (or of its one action), whenever they are served.
 */
export function changeReach(routes: readonly ApiRoute[]): ChangeReach {
  const reads = routes.filter((route): route is Route => !('method' in route) && route.unversioned !== true);
  const named = (route: Route): ReachedOperation => ({ operation: `GET ${route.pattern.replace(/:(\w+)/g, '{$1}')}`, route: route.pattern });
  return {
    reaches(change: VersionChange, from: Version, to: Version): readonly ReachedOperation[] {
      return reads
        .filter(({ contract }) => {
          if (change.viewSet !== undefined) {
            return contract.serves?.viewSet === change.viewSet && (change.action === undefined || contract.serves.action === change.action);
          }
          if (contract.body.kind === 'fixed' || contract.body.recordType.name !== change.recordType) return false;
          // A route serving records always says at which versions (api-routes.ts's recordContract).
          const served = contract as Required<Pick<typeof contract, 'availableAt'>>;
          return served.availableAt(from) || served.availableAt(to);
        })
        .map(named);
    },
  };
}
