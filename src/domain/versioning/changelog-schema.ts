import { closedObject, type JsonSchema } from './json-schema.js';

const NAMES: JsonSchema = { type: 'array', items: { type: 'string' } };
const DATE_OR_NULL: JsonSchema = { type: ['string', 'null'], format: 'date' };
const INSTANT: JsonSchema = { type: 'string', format: 'date-time' };

/** The JSON Schema of one changelog entry (ChangelogEntry): the public contract of `/version/` and `/version/my_version/`. */
export const CHANGELOG_ENTRY_SCHEMA: JsonSchema = closedObject({
  version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
  notes: NAMES,
  models: NAMES,
  views: closedObject({ endpoints_introduced: NAMES, endpoints_removed: NAMES, actions_introduced: NAMES, actions_removed: NAMES }),
  deprecated: DATE_OR_NULL,
  sunset: DATE_OR_NULL,
  brownouts: { type: 'array', items: closedObject({ start: INSTANT, end: INSTANT }) },
});
