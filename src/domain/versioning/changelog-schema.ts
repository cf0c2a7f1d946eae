import { closedObject, type JsonSchema } from './json-schema.js';

const NAMES: JsonSchema = { type: 'array', items: { type: 'string' } };
// Examples are dates the reference history could hold: a docs page shows them, and makes one up where none is given.
const DEPRECATED: JsonSchema = {
  type: ['string', 'null'],
  format: 'date',
  description: 'From this date on (UTC) the version is deprecated; null when it is not.',
  examples: ['2026-01-01'],
};
const SUNSET: JsonSchema = {
  type: ['string', 'null'],
  format: 'date',
  description: 'From this date on (UTC) the version is no longer served (410); null when no sunset is set.',
  examples: ['2027-01-01'],
};
const INSTANT = (example: string): JsonSchema => ({ type: 'string', format: 'date-time', examples: [example] });

/** The JSON Schema of one changelog entry (ChangelogEntry): the public contract of `/version/` and `/version/my_version/`. */
export const CHANGELOG_ENTRY_SCHEMA: JsonSchema = closedObject({
  version: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
  notes: NAMES,
  models: NAMES,
  views: closedObject({ endpoints_introduced: NAMES, endpoints_removed: NAMES, actions_introduced: NAMES, actions_removed: NAMES }),
  deprecated: DEPRECATED,
  sunset: SUNSET,
  brownouts: { type: 'array', items: closedObject({ start: INSTANT('2026-12-01T15:00:00Z'), end: INSTANT('2026-12-01T16:00:00Z') }) },
});
