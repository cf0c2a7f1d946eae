// The vocabulary of the comparison: which keywords are prose, which name members, which only narrow.

/** Prose and markers: a client's behaviour never depends on them. `notes` and `models` are the changelog entry's prose. */
export const ANNOTATIONS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'tags',
  'deprecated',
  'notes',
  'models',
]);
/** Keywords whose value names members, each a noun for the messages. */
export const NAMED_MEMBERS: Readonly<Record<string, string>> = {
  properties: 'property',
  patternProperties: 'property pattern',
  paths: 'path',
  responses: 'response status',
  'x-unknown-path-responses': 'response status',
  headers: 'header',
  content: 'media type',
  schemas: 'schema',
  $defs: 'schema',
};
export const OPERATIONS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
export const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
export const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
/** Keywords that only ever admit fewer values: adding one narrows, dropping one widens. */
export const RESTRICTIONS = new Set([
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  'pattern',
  'format',
  'enum',
  'const',
  'multipleOf',
  'not',
  'propertyNames',
  'contains',
]);
