/**
 * version-aware-api/reference: the reference API, the dogs and cats `npm start` serves, as an API of the package's
 * like any other: run it (`runApi(REFERENCE_API)`), compose it or mount it with the root entry's functions. Its own
 * setting, AGE_REMOVAL, is read and checked at start with the layer's.
 * @packageDocumentation
 */

export { REFERENCE_API } from './reference-api.js';
