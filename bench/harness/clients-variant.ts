import type { ScenarioResult, TargetResult } from './results.js';
import { REFERENCE_SCENARIOS, REFERENCE_SIZE, type Scenario, type ScenarioGroup } from './scenarios.js';

/** The version the bench's one client is pinned to: its requests that name no version are served at it. */
export const KEYED_PIN = '3.0.0';
export const KEYED_SCENARIO = `dog detail, keyed, no version (pin ${KEYED_PIN})`;
const SUFFIX = ', CLIENTS_FILE set';
const ANONYMOUS_AT_PIN = `dog detail ${KEYED_PIN} (1 transform)`;

/** The service's settings with a CLIENTS_FILE. */
export function withClientsFile(env: Record<string, string>, path: string): Record<string, string> {
  return { ...env, CLIENTS_FILE: path };
}

/**
 * For a service whose CLIENTS_FILE holds one client pinned to KEYED_PIN: the dog asked with its key and an Accept
 * naming no version (served at the pin, `Cache-Control: private`), and the same dog asked anonymously at that version.
 */
export function clientsGroup(key: string): ScenarioGroup {
  const anonymous = REFERENCE_SCENARIOS.find((scenario) => scenario.name === ANONYMOUS_AT_PIN) as Scenario;
  const keyed: Scenario = {
    name: KEYED_SCENARIO,
    path: anonymous.path,
    accept: 'application/json',
    headers: { authorization: `Bearer ${key}` },
    status: 200,
    target: 'detail',
  };
  return { size: REFERENCE_SIZE, scenarios: [keyed, { ...anonymous, name: `${anonymous.name}${SUFFIX}` }] };
}

/**
 * What a key costs: the keyed request against the anonymous one at the pin, measured on the same processes, each read
 * as its ratio to the bare server beside it; and the anonymous one with CLIENTS_FILE set against it without (other
 * processes). Reported beside the targets; the issue sets no figure for them.
 */
export function clientsCost(scenarios: readonly ScenarioResult[]): TargetResult[] {
  const named = (name: string): ScenarioResult | undefined => scenarios.find((result) => result.scenario.name === name);
  const [keyed, withFile, without] = [named(KEYED_SCENARIO), named(`${ANONYMOUS_AT_PIN}${SUFFIX}`), named(ANONYMOUS_AT_PIN)];
  const targets: TargetResult[] = [];
  const cpu = (on: ScenarioResult, off: ScenarioResult): string =>
    on.cpuRatio === undefined || off.cpuRatio === undefined
      ? ''
      : `; CPU per request ${(on.cpuRatio / off.cpuRatio).toFixed(2)} × (${off.cpuRatio.toFixed(2)} → ${on.cpuRatio.toFixed(2)} × bare)`;
  if (keyed !== undefined && withFile !== undefined) {
    targets.push({
      target: `a key's cost: ${KEYED_SCENARIO} against ${ANONYMOUS_AT_PIN}, same processes (req/s, each against its bare server)`,
      value: `${(keyed.ratio / withFile.ratio).toFixed(2)} × (${withFile.ratio.toFixed(2)} → ${keyed.ratio.toFixed(2)} × bare${cpu(keyed, withFile)})`,
      met: undefined,
    });
  }
  if (withFile !== undefined && without !== undefined) {
    targets.push({
      target: `anonymous, ${ANONYMOUS_AT_PIN}: with CLIENTS_FILE set against without (req/s, each against its bare server)`,
      value: `${(withFile.ratio / without.ratio).toFixed(2)} × (${without.ratio.toFixed(2)} → ${withFile.ratio.toFixed(2)} × bare${cpu(withFile, without)})`,
      met: undefined,
    });
  }
  return targets;
}
