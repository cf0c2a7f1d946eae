// `npm run example:clients -- create NAME --version V` (and list, pin, revoke, report, upgrade): the shop's API keys,
// each pinned to one of the shop's versions, as `npm run clients` manages the reference API's.
import { runClients } from 'version-aware-api';
import { SHOP } from './api.mjs';

await runClients(SHOP);
