import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { closedObject, type JsonSchema, propertiesOf, withoutProperty, withProperty } from '../../../src/domain/versioning/json-schema.js';
import { RemoveField } from '../../../src/domain/versioning/remove-field.js';
import { RenameField } from '../../../src/domain/versioning/rename-field.js';
import type { Representation } from '../../../src/domain/versioning/representation.js';
import { recordType } from '../../../src/domain/versioning/record-type.js';
import { describeSchema, describeSchemaChange } from '../../../src/domain/versioning/schema-change.js';
import type { Transform } from '../../../src/domain/versioning/transform.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { bundleOf, type TestResource } from '../../fixtures/bundle-of.js';

interface Pet {
  readonly id: number;
  readonly name: string;
}
const PET = recordType<Pet>('Pet');
const INTEGER: JsonSchema = { type: 'integer' };
const HEAD = closedObject({ id: INTEGER, title: { type: 'string' }, legs: INTEGER });
const today = CalendarDate.parse('2026-11-22') as CalendarDate;

type Change = readonly [string, Transform<Pet>];

function pets(transforms: readonly Change[], schema: JsonSchema = HEAD): TestResource {
  return { key: PET, represent: (pet: Pet) => ({ id: pet.id, title: pet.name, legs: 4 }), schema, transforms };
}

function build(resource: TestResource): VersionModel {
  return VersionModel.build(
    bundleOf({ versions: ['1.0.0', '2.0.0', '3.0.0', '4.0.0'], resources: [resource], viewSets: [{ name: 'PetViewSet', actions: { list: {} } }] }),
    undefined,
  );
}

const HISTORY: readonly Change[] = [
  ['2.0.0', new AddField<Pet>({ fieldName: 'legs', schema: INTEGER })],
  ['3.0.0', new RemoveField<Pet>({ fieldName: 'tail', schema: { type: 'boolean' }, nullValue: false, description: 'no pet has one any more' })],
  ['4.0.0', new RenameField<Pet>({ from: 'name', to: 'title' })],
];

t.test('a schema walks back through the changes newest first, as the data does', async (t) => {
  const model = build(pets(HISTORY));
  const at = (version: string) => model.schemaOf(PET, Version.parse(version));
  const dataAt = (version: string) => model.represent(PET, { id: 1, name: 'Rex' }, { version: Version.parse(version), today });
  t.same(at('4.0.0'), HEAD, 'the newest: the head');
  t.same(at('3.0.0'), closedObject({ id: INTEGER, name: { type: 'string' }, legs: INTEGER }), '3.0.0: renamed back in place');
  t.same(at('2.0.0'), closedObject({ id: INTEGER, name: { type: 'string' }, legs: INTEGER, tail: { type: 'boolean' } }), '2.0.0: tail back');
  t.same(at('1.0.0'), closedObject({ id: INTEGER, name: { type: 'string' }, tail: { type: 'boolean' } }), '1.0.0: no legs');
  t.same(
    at('1.0.0'),
    {
      type: 'object',
      properties: { id: INTEGER, name: { type: 'string' }, tail: { type: 'boolean' } },
      required: ['id', 'name', 'tail'],
      additionalProperties: false,
    },
    'a closed object schema: every property required, no other allowed',
  );
  t.same(Object.keys(dataAt('3.0.0')), ['id', 'name', 'legs'], 'the data: renamed in place too');
  t.same(dataAt('1.0.0'), { id: 1, name: 'Rex', tail: false });
  t.ok(Object.isFrozen(at('1.0.0')) && Object.isFrozen(at('1.0.0').properties), 'schemas are frozen');
  t.same(
    model.changelog.map((entry) => entry.models),
    [['Pet.name: renamed title, string'], ['Pet.tail: removed, was boolean — no pet has one any more'], ['Pet.legs: added, integer'], []],
    'the changelog lines come from the schema changes',
  );
  t.same(model.samples, [{ key: PET }], 'no example declared');
  t.same(Object.keys(model.samples[0] as object), ['key'], 'and no example key');
  const example = { id: 7, name: 'Rex' };
  t.same(build({ ...pets(HISTORY), example }).samples, [{ key: PET, example }], 'an example declared is given');
  t.throws(() => model.schemaOf(recordType('Nope'), Version.parse('1.0.0')), /record type Nope is not declared/);
});

t.test('RenameField renames input on the way up, and leaves data without the field as it is', async (t) => {
  const rename = new RenameField<Pet>({ from: 'name', to: 'title', description: 'a better word' });
  t.same(rename.upgradeRequest({ id: 1, name: 'a' }), { id: 1, title: 'a' });
  const without: Representation = { id: 1 };
  t.equal(rename.downgradeResponse(without), without, 'the same object');
  t.same(rename.downgradeSchema({ type: 'object', properties: { title: INTEGER } }), { type: 'object', properties: { name: INTEGER }, required: [] });
  t.same(
    build(pets([['4.0.0', rename]])).changelog[0]?.models,
    ['Pet.name: renamed title, string — a better word'],
    'a description follows the line',
  );
});

t.test('schemas and data changes that disagree, or say nothing, refuse the build naming the change', async (t) => {
  const silent: Transform<Pet> = { downgradeResponse: (data) => data, downgradeSchema: (schema) => schema };
  const cases: [string, TestResource, RegExp][] = [
    ['a head schema that is no object schema', pets([], { type: 'string' }), /Pet: its schema is not an object schema/],
    [
      'an AddField of a field the schema does not have',
      pets([['2.0.0', new AddField<Pet>({ fieldName: 'wings', schema: INTEGER })]]),
      /Pet transform AddField\(wings\) of 2\.0\.0: Pet's schema at 2\.0\.0 has no property wings/,
    ],
    [
      'a RemoveField of a field the schema still has',
      pets([['2.0.0', new RemoveField<Pet>({ fieldName: 'legs', schema: INTEGER, nullValue: 0 })]]),
      /Pet transform RemoveField\(legs\) of 2\.0\.0: Pet's schema at 2\.0\.0 still has the property legs/,
    ],
    [
      'a change that leaves the schema and has no description',
      pets([['2.0.0', silent]]),
      /^- Pet transform Object of 2\.0\.0: its downgradeSchema leaves the schema as it is and it has no description/m,
    ],
    [
      'a downgradeSchema that returns no object schema',
      pets([['2.0.0', { ...silent, downgradeSchema: () => ({ type: 'array' }) }]]),
      /returns no object schema/,
    ],
    ['a head schema of null', pets([], null as never), /Pet: its schema is not an object schema/],
    ['no head schema', { ...pets([]), schema: undefined as never }, /Pet: its schema is not an object schema/],
    [
      'a downgradeSchema that throws',
      pets([
        [
          '2.0.0',
          {
            ...silent,
            downgradeSchema: () => {
              throw new Error('no schema here');
            },
          },
        ],
      ]),
      /Pet: a transform's downgradeSchema threw \(no schema here\)/,
    ],
    [
      'a downgradeSchema that throws a non-Error',
      pets([
        [
          '2.0.0',
          {
            ...silent,
            downgradeSchema: () => {
              // eslint-disable-next-line @typescript-eslint/only-throw-error -- a thrown string is the case under test
              throw 'a string';
            },
          },
        ],
      ]),
      /threw \(a string\)/,
    ],
  ];
  for (const [name, resource, expected] of cases) {
    const error = t.throws(() => build(resource), VersionModelError, name) as VersionModelError;
    t.match(error.message, expected, name);
  }
  t.doesNotThrow(
    () => build(pets([['2.0.0', { ...silent, description: 'a format change the schema does not show' }]])),
    'a description alone is enough',
  );
});

t.test('a schema in a few words', async (t) => {
  t.equal(describeSchema({ type: 'array', items: { type: 'string', format: 'date' } }), 'array of string (date)');
  t.equal(describeSchema({ type: 'array' }), 'array');
  t.equal(describeSchema({ type: 'array', items: null }), 'array', 'items that are no schema');
  t.equal(describeSchema({ type: 'string', items: INTEGER }), 'string', 'items only count on an array');
  t.same(propertiesOf({ type: 'object', properties: null }), {}, 'properties that are no object: none');
  t.equal(describeSchema({ type: ['integer', 'null'] }), 'integer or null');
  t.equal(describeSchema({ oneOf: [INTEGER] }), 'any value');
  t.equal(describeSchema({ type: 'object' }), 'object');
  t.equal(describeSchema(closedObject({ a: INTEGER })), 'object {a: integer}');
  const before = closedObject({ a: INTEGER, b: INTEGER, c: { type: 'string' } });
  t.equal(
    describeSchemaChange('T', before, withProperty(withoutProperty(withProperty(before, 'a', { type: 'string' }), 'b'), 'd', { type: 'boolean' })),
    'T.a: changed from integer to string; T.d: added, boolean; T.b: removed, was integer',
    'changed, added and removed, in that order',
  );
  t.equal(describeSchemaChange('T', before, before), undefined, 'no change');
  t.equal(describeSchemaChange('T', { type: 'object' }, { type: 'object', properties: [] }), undefined, 'no properties either side');
});
