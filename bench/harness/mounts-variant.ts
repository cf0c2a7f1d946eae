import { fileURLToPath } from 'node:url';
import { ratioWithRuns } from './report.js';
import type { ScenarioResult, TargetResult } from './results.js';
import { REFERENCE_SIZE, type ScenarioGroup } from './scenarios.js';

/** The frameworks the layer is mounted in by the bench, as `npm run example:invoices -- --mount=…` names them. */
export const BENCHED_MOUNTS = ['express', 'fastify'] as const;
export type BenchedMount = (typeof BENCHED_MOUNTS)[number];

/** The framework's own route sending the same bytes: bench/harness/bare-framework-server.ts, compiled beside this. */
export const BARE_FRAMEWORK_SERVER = fileURLToPath(new URL('./bare-framework-server.js', import.meta.url));

/** The layer mounted in a framework keeps at least this share of the framework's own route's requests per second. */
const MOUNT_RATIO = 0.9;

const accept = (version: string): string => `application/json; version=${version}`;

/** The invoice at the API's oldest version (1.0.0: the amount's shape, the status renamed, the nested customer too), mounted in `mount`. */
export function mountGroup(mount: BenchedMount): ScenarioGroup {
  return {
    size: REFERENCE_SIZE,
    scenarios: [
      { name: `invoices in ${mount}: invoice detail 1.0.0`, path: '/invoices/inv_1001/', accept: accept('1.0.0'), status: 200, target: 'mount' },
    ],
  };
}

/** Each mounted scenario against its framework's own route: the figure. */
export function mountTargets(scenarios: readonly ScenarioResult[]): TargetResult[] {
  return scenarios
    .filter((result) => result.scenario.target === 'mount')
    .map((result) => ({
      target: `${result.scenario.name}: ≥ ${MOUNT_RATIO} × the same framework's own route sending the same bytes`,
      value: ratioWithRuns(result),
      met: result.ratio >= MOUNT_RATIO,
    }));
}
