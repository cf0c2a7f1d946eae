import { REFERENCE_API } from './reference-api.js';
import { runClients } from './run-clients.js';

await runClients(REFERENCE_API);
