import { REFERENCE_API } from './reference-api.js';
import { runLoadData } from './run-load-data.js';

await runLoadData(REFERENCE_API);
