/**
 * version-aware-api: Stripe-style versioning for a JSON API on node:http. Declare an API (`defineApi`, with the
 * declarations of `version-aware-api/versioning`), then run it as a process (`runApi`, as `npm start` runs the
 * reference dogs and cats), or compose it and listen yourself, or mount its request handler in a server of your own
 * (`composeApi`; in Express, Fastify or a fetch handler through `version-aware-api/express`, `/fastify`, `/fetch`). Everything the reference service has comes with it: per-version OpenAPI documents and docs page,
 * the changelog, lifecycle headers and 410s, API keys with pinned versions, usage counts, metrics, CORS and ETags.
 * `runClients` and `runLoadData` are `npm run clients` and `npm run load-data` for an API of your own. The reference
 * API itself is `version-aware-api/reference`'s.
 * @packageDocumentation
 */

export { defineApi, type ApiDeclaration, type ApiDefinition, type ModelSettings } from './api-definition.js';
export type { ApiSettingDeclaration } from './adapters/config/api-setting.js';
export type { SettingDoc } from './adapters/config/setting-doc.js';
export { composeApi, type ComposedService, type ServiceOutput } from './container.js';
export { runApi } from './run-api.js';
export { runClients } from './run-clients.js';
export { runLoadData } from './run-load-data.js';
