import { viewSetOf } from '../versioning/record-collection.js';
import type { VersionBundle } from '../versioning/version-bundle.js';
import { CATS } from './heads/cat-collection.js';
import { DOGS } from './heads/dog-collection.js';
import type { HistoryOptions } from './versions/history-options.js';
import { v1_0_0 } from './versions/v1-0-0.js';
import { v2_0_0 } from './versions/v2-0-0.js';
import { v2_1_0 } from './versions/v2-1-0.js';
import { v3_0_0 } from './versions/v3-0-0.js';
import { v4_0_0 } from './versions/v4-0-0.js';
import { v5_0_0 } from './versions/v5-0-0.js';

/** Every record collection the API serves, in the order of its routes and its documents' schemas. */
export const RECORD_COLLECTIONS = [DOGS, CATS] as const;

/** The API's history: every version, newest first, and the newest shapes and view sets of its collections. */
export const API_HISTORY: VersionBundle<HistoryOptions> = {
  versions: [v5_0_0, v4_0_0, v3_0_0, v2_1_0, v2_0_0, v1_0_0],
  heads: RECORD_COLLECTIONS.map((collection) => collection.head),
  viewSets: RECORD_COLLECTIONS.map(viewSetOf),
};

/** Every supported version, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = API_HISTORY.versions.map(({ version }) => version);
