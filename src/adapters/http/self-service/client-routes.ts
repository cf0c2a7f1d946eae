import type { ClientPins } from '../../../application/clients/client-pins.js';
import type { UsageReports } from '../../../application/clients/usage-reports.js';
import type { Client } from '../../../domain/clients/client.js';
import { closedObject, type JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { PutRoute, UnversionedRoute } from '../routing/route.js';
import type { RouteOutcome, RouteRequest } from '../routing/route-request.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import { MalformedBodyError, MissingTokenError, type ErrorCode } from '../request/refusals.js';
import type { clientPaths } from '../routing/endpoints.js';

/** `GET /client/` and the answer to a pin change. */
export const CLIENT_STATE_SCHEMA: JsonSchema = closedObject({
  name: { type: 'string', description: "The client's name, as its operator gave it." },
  pinned_version: { type: 'string', description: "The version the client's requests are served at when their `Accept` names none." },
  previous_version: {
    type: ['string', 'null'],
    description: 'The version the last upgrade left, which `rollback_until` allows going back to; null when there is none.',
  },
  rollback_until: {
    type: ['string', 'null'],
    format: 'date-time',
    description: 'Until when (RFC 3339, UTC) a rollback to `previous_version` is open; null when none is.',
    examples: ['2026-11-25T10:00:00.000Z'],
  },
});

/** The body of `PUT /client/version`. */
export const PIN_CHANGE_SCHEMA: JsonSchema = closedObject({
  version: {
    type: 'string',
    description: 'The version to pin: a newer one the service serves (an upgrade), or `previous_version` while its rollback is open.',
  },
});

/** A client's own state is of the moment and its own: never stored by any cache. */
const NOT_STORED = Object.freeze({ 'Cache-Control': 'no-store' });
const NOT_STORED_TEXT = Object.freeze({ 'Cache-Control': "Always `no-store`: a client's state is its own, and of the moment." });

/** When a pin change is refused, by error code; `state`: where the client reads its pin. */
const pinRefusals = (state: string) =>
  ({
    invalid_pin: 'The version asked for is malformed, or not one the service serves',
    pin_conflict:
      'The version is older than the pin and not the rollback still open (a pin moves forward to any newer version, and back only to the version its last upgrade left, within 72 hours), ' +
      `or the pin changed meanwhile: read \`GET ${state}\` and try again`,
    pin_change_unavailable: 'The storage cannot take a pin change (STORAGE=memory): an operator changes pins',
  }) as const satisfies Partial<Record<ErrorCode, string>>;

/** `GET /client/usage/`: the client's requests of the last 30 days, per version served. */
export const CLIENT_USAGE_SCHEMA: JsonSchema = closedObject({
  from: { type: 'string', format: 'date', examples: ['2026-10-24'] },
  to: { type: 'string', format: 'date', examples: ['2026-11-22'] },
  versions: {
    type: 'array',
    items: closedObject({
      version: { type: 'string' },
      requests: { type: 'integer', minimum: 1 },
      last_request_on: { type: 'string', format: 'date', examples: ['2026-11-21'] },
      deprecated_on: { type: ['string', 'null'], format: 'date', examples: ['2026-01-01'] },
      sunset_on: { type: ['string', 'null'], format: 'date', examples: ['2027-01-01'] },
      link: { type: ['string', 'null'] },
      routes: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 } },
    }),
  },
});

/** The self-service paths of a client (below `/client/`, or where the team places them), outside API versioning: its pin, its own upgrade or rollback, and its usage. */
export function clientRoutes(
  pins: Pick<ClientPins, 'describe' | 'change'>,
  usage: Pick<UsageReports, 'ofClient'>,
  now: () => number,
  paths: Pick<ReturnType<typeof clientPaths>, 'state' | 'version' | 'usage'>,
): [UnversionedRoute, PutRoute, UnversionedRoute] {
  const state = {
    kind: 'fixed',
    name: 'ClientState',
    schema: CLIENT_STATE_SCHEMA,
  } as const;
  return [
    {
      pattern: paths.state,
      unversioned: true,
      handle: ({ client }: RouteRequest<undefined>): RouteOutcome =>
        client === undefined ? new MissingTokenError() : { body: pins.describe(client), headers: NOT_STORED },
      contract: {
        operationId: 'getClient',
        summary: 'The calling client and its pinned version',
        tag: 'Client',
        body: state,
        headers: NOT_STORED_TEXT,
        keyRequired: true,
      },
    },
    {
      pattern: paths.version,
      unversioned: true,
      method: 'PUT',
      put: async ({ client, today, base }: RouteRequest<undefined> & { readonly client: Client }, body: unknown): Promise<RouteOutcome> => {
        const requested = requestedVersion(body);
        if (typeof requested !== 'string') return requested;
        const changed = await pins.change(client, requested, today, now(), base);
        return changed instanceof Refusal ? changed : { body: changed, headers: NOT_STORED };
      },
      contract: {
        operationId: 'putClientVersion',
        summary: 'Upgrade the pinned version, or roll back within 72 hours',
        tag: 'Client',
        body: state,
        headers: NOT_STORED_TEXT,
        keyRequired: true,
        requestBody: { name: 'PinChange', schema: PIN_CHANGE_SCHEMA, example: (version) => ({ version: version.toString() }) },
        refusals: pinRefusals(paths.state),
        // A database that holds the clients may not answer the change.
        mayBeUnavailable: true,
      },
    },
    {
      pattern: paths.usage,
      unversioned: true,
      handle: async ({ client, today }: RouteRequest<undefined>): Promise<RouteOutcome> =>
        client === undefined ? new MissingTokenError() : { body: await usage.ofClient(client.name, today), headers: NOT_STORED },
      contract: {
        operationId: 'getClientUsage',
        summary: "The calling client's requests of the last 30 days, per version, with each version's deprecation and sunset",
        tag: 'Client',
        body: { kind: 'fixed', name: 'ClientUsage', schema: CLIENT_USAGE_SCHEMA },
        headers: NOT_STORED_TEXT,
        keyRequired: true,
        // The counts are read from the storage, which may not answer.
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
