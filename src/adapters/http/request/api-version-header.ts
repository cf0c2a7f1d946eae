/**
 * The request header that names a version beside Accept's `version` parameter, as GitHub's `X-GitHub-Api-Version` and
 * Stripe's `Stripe-Version` do: each version's OpenAPI document declares it, so a generated client sends it.
 */
export const API_VERSION_HEADER = 'Api-Version';

/** The query parameter that names a version on the routes that take it (`/openapi.json?version=2.1.0`): a URL per version. */
export const VERSION_QUERY_PARAMETER = 'version';
