import type { ChangeReach, UpgradeReports } from '../../../application/clients/upgrade-reports.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { UnversionedRoute } from '../routing/route.js';
import type { RouteOutcome, RouteRequest } from '../routing/route-request.js';
import { InvalidUpgradeTargetError } from '../../../application/errors/refusals.js';
import { MissingTokenError } from '../request/refusals.js';

/** `GET /client/upgrade?to=V`'s body. */
export const UPGRADE_REPORT_SCHEMA: JsonSchema = closedObject({
  from: { type: 'string', description: "The client's pinned version." },
  to: { type: 'string', description: 'The version asked about.' },
  changes: {
    type: 'array',
    description: 'Every change after `from` up to `to`, oldest version first.',
    items: closedObject({
      version: { type: 'string' },
      description: { type: 'string', description: "The change's line in the changelog." },
      operations: { type: 'array', items: { type: 'string' }, description: 'The operations it reaches, as `GET /doggies/{id}/`.' },
      calls: { type: 'integer', minimum: 0, description: "The client's calls of those operations in the last 30 days." },
    }),
  },
});

/** `GET /client/upgrade?to=V` (at `path`): what moving the pin to V changes for the calling client, weighted by its own calls. */
export function upgradeRoute(upgrades: Pick<UpgradeReports, 'forClient'>, reach: () => ChangeReach, path: string): UnversionedRoute {
  return {
    pattern: path,
    unversioned: true,
    queryParameters: ['to'],
    handle: async ({ client, today, query }: RouteRequest<undefined>): Promise<RouteOutcome> => {
      if (client === undefined) return new MissingTokenError();
      const asked = query.getAll('to');
      if (asked.length > 1) return new InvalidUpgradeTargetError(`Give "to" once; it was given ${asked.length} times.`);
      const report = await upgrades.forClient(client, asked[0], today, reach());
      return report instanceof InvalidUpgradeTargetError ? report : { body: report, headers: { 'Cache-Control': 'no-store' } };
    },
    contract: {
      operationId: 'getClientUpgrade',
      summary: "What an upgrade of the calling client's pin to `to` changes: each change, the operations it reaches, the client's calls of them",
      tag: 'Client',
      body: { kind: 'fixed', name: 'UpgradeReport', schema: UPGRADE_REPORT_SCHEMA },
      headers: { 'Cache-Control': "Always `no-store`: a client's report is its own, and of the moment." },
      keyRequired: true,
      mayBeUnavailable: true,
      refusals: { invalid_upgrade_target: '`to` is missing or given twice, malformed, not served, or not newer than the pin' },
      query: [
        {
          name: 'to',
          in: 'query',
          required: true,
          description: 'The version the pin would move to: newer than the pin, and served.',
          schema: { type: 'string' },
          example: '5.0.0',
        },
      ],
    },
  };
}
