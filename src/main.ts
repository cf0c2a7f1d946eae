import { REFERENCE_API } from './reference-api.js';
import { runApi } from './run-api.js';

await runApi(REFERENCE_API);
