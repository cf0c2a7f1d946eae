/**
 * The request header that names a version beside Accept's `version` parameter, as GitHub's `X-GitHub-Api-Version` and
 * Stripe's `Stripe-Version` do: each version's OpenAPI document declares it, so a generated client sends it.
 */
export const API_VERSION_HEADER = 'Api-Version';
