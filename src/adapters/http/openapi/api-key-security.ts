import { API_KEY_LENGTH } from '../../identity/api-key.js';
import { MAX_AUTHORIZATION_LENGTH } from '../request/authorization.js';
import type { RouteContract } from '../routing/route-contract.js';
import type { DocumentedRefusal } from './refusal-responses.js';
import type { Json } from './response-objects.js';

/** The one security scheme: a client's API key, sent as a Bearer token. */
export const SECURITY_SCHEMES: Json = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      `A client's API key (\`vaa_\` and ${API_KEY_LENGTH - 4} base64url characters), sent as \`Authorization: Bearer <key>\`. ` +
      "Optional on the API's paths: a request with a key whose `Accept` names no version is served at the client's pinned " +
      'version, and its answers are for that client alone (`Cache-Control: private`). A key that is not one, unknown or ' +
      'revoked is refused (401) wherever it is sent.',
  },
};

/** Who may call an operation: a client only, by its key; or anyone, with a key or without. */
export function securityOf(contract: RouteContract): Json[] {
  return contract.keyRequired === true ? [{ bearer: [] }] : [{}, { bearer: [] }];
}

/** What an operation's description says of who may call it: nothing when anyone may. */
export function callerText(contract: RouteContract): string {
  return contract.keyRequired === true ? " Only a client may call it, with its API key (`Authorization: Bearer <key>`): it is the client's own." : '';
}

/** What every operation but OPTIONS refuses of an Authorization field, and its absence where a key is required. */
export function authorizationRefusals(contract: RouteContract): DocumentedRefusal[] {
  const refusals: DocumentedRefusal[] = [
    {
      code: 'invalid_authorization',
      when: 'An Authorization field that cannot be read: sent more than once, or with bytes outside visible ASCII',
    },
    {
      code: 'invalid_token',
      when: `An Authorization that names no API key of this service (another scheme than Bearer, an empty or malformed token, a field over ${MAX_AUTHORIZATION_LENGTH} characters), or a key unknown or revoked`,
    },
  ];
  if (contract.keyRequired === true) refusals.push({ code: 'missing_token', when: "No API key: this operation is a client's own" });
  return refusals;
}
