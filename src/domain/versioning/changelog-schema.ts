import { closedObject, type JsonSchema } from './json-schema.js';

const NAMES: JsonSchema = { type: 'array', items: { type: 'string' } };

/** The JSON Schema of one changelog entry (ChangelogEntry): the public contract of `/version/` and `/version/my_version/`. */
export const CHANGELOG_ENTRY_SCHEMA: JsonSchema = closedObject({
  version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
  notes: NAMES,
  models: NAMES,
  views: closedObject({ endpoints_introduced: NAMES, endpoints_removed: NAMES, actions_introduced: NAMES, actions_removed: NAMES }),
});
