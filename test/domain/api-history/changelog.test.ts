import t from 'tap';
import { jsonSchemaValidator } from '../../../src/adapters/validation/json-schema-validator.js';
import type { ChangelogEntry } from '../../../src/domain/versioning/changelog-entry.js';
import { CHANGELOG_ENTRY_SCHEMA } from '../../../src/domain/versioning/changelog-schema.js';
import type { JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import { buildReferenceModel } from '../../../src/domain/api-history/reference-history.js';
import { checkChangelog } from '../../fixtures/reference-changelog.js';
import { Version } from '../../../src/domain/versioning/version.js';

t.test('the reference changelog, exactly, in every configuration', async (t) => {
  for (const options of [{}, { ageRemoval: 'placeholder' as const }, { removedIn: 'exclusive' as const }, { defaultVersion: 'earliest' }]) {
    checkChangelog(t, buildReferenceModel(options).changelog, `with ${JSON.stringify(options)}`);
  }
});

t.test('R5 and R6: introductions under introducedIn; removals under removedIn; each once', async (t) => {
  const changelog = buildReferenceModel().changelog;
  const all = (field: 'endpoints_introduced' | 'endpoints_removed' | 'actions_introduced' | 'actions_removed') =>
    changelog.flatMap((entry) => entry.views[field].map((unit) => `${entry.version} ${unit}`));
  t.same(all('endpoints_introduced'), ['1.0.0 CatViewSet']);
  t.same(all('endpoints_removed'), ['5.0.0 CatViewSet']);
  t.same(all('actions_introduced'), ['3.0.0 CatViewSet.retrieve', '2.0.0 DoggieViewSet.retrieve']);
  t.same(all('actions_removed'), ['4.0.0 CatViewSet.list']);
});

t.test('the changelog is built once, frozen, and the same object on every read', async (t) => {
  const model = buildReferenceModel();
  t.equal(model.changelog, model.changelog, 'same array');
  t.equal(
    model.changelogEntry(Version.parse('3.0.0')),
    model.changelog.find((entry) => entry.version === '3.0.0'),
    'an entry is the changelog’s own',
  );
  t.ok(Object.isFrozen(model.changelog), 'list frozen');
  const entry = model.changelog[0] as unknown as { notes: string[]; views: { endpoints_removed: string[] } };
  t.ok(Object.isFrozen(entry) && Object.isFrozen(entry.notes) && Object.isFrozen(entry.views.endpoints_removed), 'entries frozen to the leaves');
  t.throws(() => entry.notes.push('x'), TypeError, 'no request can change it');
});

t.test("every entry matches the changelog's published schema, which refuses what an entry never holds", async (t) => {
  const validate = jsonSchemaValidator().compile(CHANGELOG_ENTRY_SCHEMA);
  const model = buildReferenceModel();
  for (const entry of model.changelog) t.ok(validate(entry), `${entry.version}: valid`);
  const entry = model.changelog.at(-1) as ChangelogEntry;
  const refused: [string, unknown][] = [
    ['another property', { ...entry, extra: 1 }],
    ['a property missing', { ...entry, sunset: undefined }],
    ['a version not MAJOR.MINOR.PATCH', { ...entry, version: 'v1.0.0' }],
    ['a version that is not text', { ...entry, version: 1 }],
    ['notes that are not a list', { ...entry, notes: 'a note' }],
    ['a note that is not text', { ...entry, notes: [1] }],
    ['a model line that is not text', { ...entry, models: [null] }],
    ['another property in views', { ...entry, views: { ...entry.views, extra: [] } }],
    ['a views list missing', { ...entry, views: { ...entry.views, actions_removed: undefined } }],
    ['a views name that is not text', { ...entry, views: { ...entry.views, endpoints_introduced: [1] } }],
    ['a deprecation that is not a date', { ...entry, deprecated: 'soon' }],
    ['a sunset that is not a date', { ...entry, sunset: '2026-13-01' }],
    ['a sunset that is neither text nor null', { ...entry, sunset: 20260101 }],
    ['brownouts that are not a list', { ...entry, brownouts: { start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:00:00Z' } }],
    ['a brownout without its end', { ...entry, brownouts: [{ start: '2026-01-01T10:00:00Z' }] }],
    ['a brownout with another property', { ...entry, brownouts: [{ start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:00:00Z', why: 'x' }] }],
    ['a brownout start that is a day, not an instant', { ...entry, brownouts: [{ start: '2026-01-01', end: '2026-01-01T11:00:00Z' }] }],
    ['a brownout end that is not text', { ...entry, brownouts: [{ start: '2026-01-01T10:00:00Z', end: 1 }] }],
  ];
  for (const [what, value] of refused) t.notOk(validate(JSON.parse(JSON.stringify(value))), `${what}: refused`);
  t.ok(validate({ ...entry, deprecated: '2026-01-01', sunset: null }), 'a date or null');
  t.ok(validate({ ...entry, brownouts: [{ start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:00:00Z' }] }), 'a brownout: its start and end instants');
});

t.test("the changelog schema's dates are documented: each with an example that fits it, and what a null means", async (t) => {
  const { properties } = CHANGELOG_ENTRY_SCHEMA as { properties: Record<string, JsonSchema> };
  const brownout = (properties.brownouts as { items: { properties: Record<string, JsonSchema> } }).items.properties;
  const dates: Record<string, JsonSchema | undefined> = {
    deprecated: properties.deprecated,
    sunset: properties.sunset,
    "a brownout's start": brownout.start,
    "a brownout's end": brownout.end,
  };
  for (const [name, schema] of Object.entries(dates)) {
    const examples = (schema?.examples ?? []) as unknown[];
    t.ok(examples.length > 0, `${name}: an example, which a docs page shows`);
    const validate = jsonSchemaValidator().compile(schema as JsonSchema);
    for (const example of examples) t.ok(validate(example), `${name}: ${JSON.stringify(example)} fits its schema`);
  }
  t.match(properties.deprecated?.description, /deprecated; null when it is not/);
  t.match(properties.sunset?.description, /no longer served \(410\); null when no sunset is set/);
});
