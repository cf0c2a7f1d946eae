// `STORAGE=postgres DATABASE_URL=… npm run example:load-data -- FILE | --sample`: the shop's records into its tables,
// a file {"customers": [...], "orders": [...], "coupons": [...]} checked whole first, as `npm run load-data` does.
import { runLoadData } from 'version-aware-api';
import { SHOP } from './api.mjs';

await runLoadData(SHOP);
