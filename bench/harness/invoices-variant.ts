import { fileURLToPath } from 'node:url';
import { REFERENCE_SIZE, type ScenarioGroup } from './scenarios.js';

/** The third API, examples/invoices (`npm run example:invoices`): operations of a team's own over its in-memory store. */
export const INVOICES_MAIN = fileURLToPath(new URL('../../../../examples/invoices/server.mjs', import.meta.url));

/**
 * The team's own server before versioning, over the same store (`node`), or its same reads as Express's or Fastify's own
 * routes (`express`, `fastify`): bench/harness/team-invoices-server.ts, compiled beside this.
 */
export const TEAM_INVOICES_SERVER = fileURLToPath(new URL('./team-invoices-server.js', import.meta.url));

const accept = (version: string): string => `application/json; version=${version}`;

/**
 * An invoice through the team's own handler: at 3.0.0 (no change) and at its oldest version, 1.0.0 (the amount's
 * shape, the status renamed, and the customer nested in it renamed too), and the list at 1.0.0 (the store's three).
 */
export function invoicesGroup(): ScenarioGroup {
  return {
    size: REFERENCE_SIZE,
    scenarios: [
      { name: 'invoices: invoice detail 3.0.0 (no change)', path: '/invoices/inv_1001/', accept: accept('3.0.0'), status: 200, target: 'detail' },
      {
        name: 'invoices: invoice detail 1.0.0 (3 changes, one nested)',
        path: '/invoices/inv_1001/',
        accept: accept('1.0.0'),
        status: 200,
        target: 'detail',
      },
      { name: 'invoices: invoice list at 1.0.0', path: '/invoices/', accept: accept('1.0.0'), status: 200, target: 'list' },
    ],
  };
}

/** A service's environment without DATA_FILE. */
export function withoutDataFile({ DATA_FILE: _file, ...env }: Record<string, string>): Record<string, string> {
  return env;
}
