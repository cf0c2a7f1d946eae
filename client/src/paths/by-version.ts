// Each frozen version's paths, newest first: written by `npm run client-paths` from contracts/.

import type { paths as v5_0_0 } from './v5-0-0.js';
import type { paths as v4_0_0 } from './v4-0-0.js';
import type { paths as v3_0_0 } from './v3-0-0.js';
import type { paths as v2_1_0 } from './v2-1-0.js';
import type { paths as v2_0_0 } from './v2-0-0.js';
import type { paths as v1_0_0 } from './v1-0-0.js';

/** The `paths` of each version with a frozen contract, by version. */
export interface PathsByVersion {
  '5.0.0': v5_0_0;
  '4.0.0': v4_0_0;
  '3.0.0': v3_0_0;
  '2.1.0': v2_1_0;
  '2.0.0': v2_0_0;
  '1.0.0': v1_0_0;
}
