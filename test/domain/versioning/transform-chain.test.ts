import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { RemoveField } from '../../../src/domain/versioning/remove-field.js';
import { recordType } from '../../../src/domain/versioning/record-type.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { bundleOf } from '../../fixtures/bundle-of.js';
import { RecordingTransform } from '../../fixtures/recording-transform.js';
import { closedObject } from '../../../src/domain/versioning/json-schema.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const context = (version: string) => ({ version: Version.parse(version), today });

t.test('add-field drops the field on downgrade and leaves input alone', async (t) => {
  const add = new AddField({ fieldName: 'age', schema: { type: 'integer' } });
  t.same(add.downgradeResponse({ id: 1, age: 3 }), { id: 1 }, 'dropped');
  const without = { id: 1 };
  t.equal(add.downgradeResponse(without), without, 'nothing to drop: the same object');
  t.same(add.upgradeRequest({ id: 1 }), { id: 1 }, 'input from before the field existed needs nothing');
});

t.test('remove-field puts the field back with null_value, and strips it from old input', async (t) => {
  const nullValue = { human_years: -1, dog_years: -1 };
  const remove = new RemoveField({ fieldName: 'age', schema: { type: 'object' }, nullValue });
  t.same(remove.downgradeResponse({ id: 1 }), { id: 1, age: { human_years: -1, dog_years: -1 } }, 'placeholder of the old type');
  t.same(Object.keys(remove.downgradeResponse({ id: 1, name: 'a' })), ['id', 'name', 'age'], 'the field comes last, as it stood');
  nullValue.human_years = 99;
  t.same(remove.downgradeResponse({}), { age: { human_years: -1, dog_years: -1 } }, 'the placeholder was copied when declared');
  t.ok(Object.isFrozen(remove.nullValue), 'and frozen, so no response can change it');
  t.same(remove.upgradeRequest({ id: 1, age: 5 }), { id: 1 }, 'an old client sending the field: dropped on upgrade');
  t.same(
    new RemoveField({ fieldName: 'n', schema: { type: 'null' }, nullValue: null }).downgradeResponse({}),
    { n: null },
    'null itself is a placeholder',
  );
});

t.test('chains run newest change first on output and oldest first on input, only for older requests', async (t) => {
  const KEY = recordType<{ id: number }>('Thing');
  const model = VersionModel.build(
    bundleOf({
      versions: ['1.0.0', '2.0.0', '3.0.0', '4.0.0'],
      resources: [
        {
          key: KEY,
          represent: (record: { id: number }) => ({ id: record.id }),
          schema: closedObject({ id: { type: 'integer' } }),
          transforms: [
            ['3.0.0', new RecordingTransform('c1')],
            ['2.0.0', new RecordingTransform('b')],
            ['4.0.0', new RecordingTransform('d')],
            ['3.0.0', new RecordingTransform('c2')],
          ],
        },
      ],
      viewSets: [{ name: 'ThingViewSet', actions: { list: {} } }],
    }),
    undefined,
  );
  const expected: [string, string[]][] = [
    ['4.0.0', []],
    ['3.0.0', ['d']],
    ['2.0.0', ['d', 'c2', 'c1']],
    ['1.0.0', ['d', 'c2', 'c1', 'b']],
  ];
  for (const [version, labels] of expected) {
    t.same(
      model.represent(KEY, { id: 1 }, context(version)).trail ?? [],
      labels.map((l) => `down:${l}`),
      `output at ${version}`,
    );
    t.same(
      model.upgradeRequest(KEY, {}, context(version)).trail ?? [],
      [...labels].reverse().map((l) => `up:${l}`),
      `input at ${version}`,
    );
  }
});

t.test('a transform without an input upgrade is skipped on input', async (t) => {
  const KEY = recordType<{ id: number }>('Thing');
  const model = VersionModel.build(
    bundleOf({
      versions: ['1.0.0', '2.0.0'],
      resources: [
        {
          key: KEY,
          represent: (r: { id: number }) => ({ id: r.id }),
          schema: closedObject({ id: { type: 'integer' } }),
          transforms: [['2.0.0', { description: 'renamed', downgradeResponse: (data) => data, downgradeSchema: (schema) => schema }]],
        },
      ],
      viewSets: [{ name: 'V', actions: { list: {} } }],
    }),
    undefined,
  );
  t.same(model.upgradeRequest(KEY, { id: 1 }, context('1.0.0')), { id: 1 });
});
