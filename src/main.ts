import 'reflect-metadata';
import { REFERENCE_API } from './container.js';
import { runApi } from './run-api.js';

await runApi(REFERENCE_API);
