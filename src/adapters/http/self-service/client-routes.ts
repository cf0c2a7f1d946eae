import type { ClientPins } from '../../../application/clients/client-pins.js';
import type { UsageReports } from '../../../application/clients/usage-reports.js';
import { DomainError } from '../../../domain/errors/domain-error.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import { MissingTokenError } from '../request/authorization.js';
import { MalformedBodyError } from '../request/json-body.js';
import type { PutRoute, RouteOutcome, RouteRequest, UnversionedRoute } from '../routing/route.js';

const NULLABLE_STRING: JsonSchema = { type: ['string', 'null'] };

/** `GET /client/` and the answer to a pin change. */
export const CLIENT_STATE_SCHEMA: JsonSchema = closedObject({
  name: { type: 'string' },
  pinned_version: { type: 'string' },
  previous_version: NULLABLE_STRING,
  rollback_until: { type: ['string', 'null'], format: 'date-time' },
});

/** The body of `PUT /client/version`. */
export const PIN_CHANGE_SCHEMA: JsonSchema = closedObject({ version: { type: 'string' } });

/** A client's own state is of the moment and its own: never stored by any cache. */
const NOT_STORED = Object.freeze({ 'Cache-Control': 'no-store' });

/** `GET /client/usage/`: the client's requests of the last 30 days, per version served. */
export const CLIENT_USAGE_SCHEMA: JsonSchema = closedObject({
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  versions: {
    type: 'array',
    items: closedObject({
      version: { type: 'string' },
      requests: { type: 'integer', minimum: 1 },
      last_request_on: { type: 'string', format: 'date' },
      deprecated_on: { type: ['string', 'null'], format: 'date' },
      sunset_on: { type: ['string', 'null'], format: 'date' },
      link: { type: ['string', 'null'] },
      routes: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
    }),
  },
});

/** The self-service paths of a client, outside API versioning: its pin, its own upgrade or rollback, and its usage. */
export function clientRoutes(
  pins: Pick<ClientPins, 'describe' | 'change'>,
  usage: Pick<UsageReports, 'ofClient'>,
  now: () => number,
): [UnversionedRoute, PutRoute, UnversionedRoute] {
  const state = {
    kind: 'fixed',
    name: 'ClientState',
    schema: CLIENT_STATE_SCHEMA,
  } as const;
  return [
    {
      pattern: '/client/',
      unversioned: true,
      handle: ({ client }: RouteRequest<undefined>): RouteOutcome =>
        client === undefined ? new MissingTokenError() : { body: pins.describe(client), headers: NOT_STORED },
      contract: { operationId: 'getClient', summary: 'The calling client and its pinned version', tag: 'Client', body: state },
    },
    {
      pattern: '/client/version',
      unversioned: true,
      method: 'PUT',
      put: async ({ client, today }: RouteRequest<undefined>, body: unknown): Promise<RouteOutcome> => {
        if (client === undefined) return new MissingTokenError();
        const requested = requestedVersion(body);
        if (typeof requested !== 'string') return requested;
        const changed = await pins.change(client, requested, today, now());
        return changed instanceof DomainError ? changed : { body: changed, headers: NOT_STORED };
      },
      contract: {
        operationId: 'putClientVersion',
        summary: 'Upgrade the pinned version, or roll back within 72 hours',
        tag: 'Client',
        body: state,
      },
    },
    {
      pattern: '/client/usage/',
      unversioned: true,
      handle: async ({ client, today }: RouteRequest<undefined>): Promise<RouteOutcome> =>
        client === undefined ? new MissingTokenError() : { body: await usage.ofClient(client.name, today), headers: NOT_STORED },
      contract: {
        operationId: 'getClientUsage',
        summary: "The calling client's requests of the last 30 days, per version, with each version's deprecation and sunset",
        tag: 'Client',
        body: { kind: 'fixed', name: 'ClientUsage', schema: CLIENT_USAGE_SCHEMA },
        mayBeUnavailable: true,
      },
    },
  ];
}

/** The version a pin change asks for: `{"version": "X.Y.Z"}` and nothing else. */
function requestedVersion(body: unknown): string | MalformedBodyError {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return new MalformedBodyError('The body must be a JSON object {"version": "X.Y.Z"}.');
  const unknown = Object.keys(body).find((key) => key !== 'version');
  if (unknown !== undefined)
    return new MalformedBodyError(`Unknown field ${JSON.stringify(unknown.slice(0, 40))}: the body is {"version": "X.Y.Z"}.`);
  const { version } = body as { version?: unknown };
  if (typeof version !== 'string') return new MalformedBodyError('The field "version" must be a string "X.Y.Z".');
  return version;
}
