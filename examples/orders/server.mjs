// `npm run example`: the shop served as `npm start` serves the dogs and cats, with the same settings.
import { runApi } from 'version-aware-api';
import { SHOP } from './api.mjs';

await runApi(SHOP);
