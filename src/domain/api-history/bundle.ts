import type { VersionBundle } from '../versioning/version-bundle.js';
import { CAT_RESOURCE_HEAD } from './heads/cat-resource.js';
import { DOG_RESOURCE_HEAD } from './heads/dog-resource.js';
import type { HistoryOptions } from './versions/history-options.js';
import { v1_0_0 } from './versions/v1-0-0.js';
import { v2_0_0 } from './versions/v2-0-0.js';
import { v2_1_0 } from './versions/v2-1-0.js';
import { v3_0_0 } from './versions/v3-0-0.js';
import { v4_0_0 } from './versions/v4-0-0.js';
import { v5_0_0 } from './versions/v5-0-0.js';
import { VIEW_SET_HEADS } from './heads/view-sets.js';

/** The API's history: every version, newest first, and the newest shapes they walk back from. */
export const API_HISTORY: VersionBundle<HistoryOptions> = {
  versions: [v5_0_0, v4_0_0, v3_0_0, v2_1_0, v2_0_0, v1_0_0],
  resources: [DOG_RESOURCE_HEAD, CAT_RESOURCE_HEAD],
  viewSets: VIEW_SET_HEADS,
};

/** Every supported version, newest first. */
export const SUPPORTED_VERSIONS: readonly string[] = API_HISTORY.versions.map(({ version }) => version);
