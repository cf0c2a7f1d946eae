import { defineApi, type ApiDefinition } from './application/api-definition.js';
import { SAMPLE_DATA } from './adapters/persistence/sample-data.js';
import { API_HISTORY, RECORD_COLLECTIONS } from './domain/api-history/bundle.js';
import type { HistoryOptions } from './domain/api-history/versions/history-options.js';

/** The reference API: the dogs and cats, their history 1.0.0 to 5.0.0, and the bundled sample. */
export const REFERENCE_API: ApiDefinition = defineApi<HistoryOptions>({
  collections: RECORD_COLLECTIONS,
  versions: API_HISTORY.versions,
  options: ({ ageRemoval }) => ({ ageRemoval }),
  sample: SAMPLE_DATA,
  name: 'The dogs and cats API',
  tags: { Dogs: 'The dog records.', Cats: 'The cat records.' },
});
