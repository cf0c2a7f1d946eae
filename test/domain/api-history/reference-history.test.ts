import t from 'tap';
import { DOG, DOGGIE_VIEW_SET } from '../../../src/domain/api-history/heads/dog-collection.js';
import { buildReferenceModel, type ReferenceHistoryOptions } from '../../../src/domain/api-history/reference-history.js';
import { CAT_VIEW_SET } from '../../../src/domain/api-history/heads/cat-collection.js';
import { parseDog } from '../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import type { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { BIKO_NEWEST, NEWEST_VERSION, versionsFrom } from '../../fixtures/versions.js';
import { Version } from '../../../src/domain/versioning/version.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const biko = parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today);
const BIKO = { id: 1, name: 'Biko', birthday: '2014-05-06' };

function shapeAt(model: VersionModel, version: string, dog = biko): unknown {
  return model.represent(DOG, dog, { version: Version.parse(version), today });
}

t.test('spec table 2.1.2, Mode A (computed): every row', async (t) => {
  const model = buildReferenceModel({ ageRemoval: 'computed' });
  const rows: [string, unknown][] = [
    ['1.0.0', BIKO],
    ['2.0.0', BIKO],
    ['2.1.0', { ...BIKO, age: 12 }],
    ['3.0.0', { ...BIKO, age: { human_years: 12, dog_years: 84 } }],
    ['4.0.0', BIKO],
    ['5.0.0', BIKO],
  ];
  for (const [version, shape] of rows) t.same(shapeAt(model, version), shape, `at ${version}`);
  const { age } = shapeAt(model, '2.1.0', parseDog({ id: 9, name: 'Future', birthday: '2026-11-23' }, today)) as { age: number };
  t.equal(age, -1, 'a birthday tomorrow is a real computed -1, not a placeholder');
});

t.test('spec table 2.1.2, Mode B (placeholder): every row', async (t) => {
  const model = buildReferenceModel({ ageRemoval: 'placeholder' });
  const rows: [string, unknown][] = [
    ['1.0.0', BIKO],
    ['2.0.0', BIKO],
    ['2.1.0', { ...BIKO, age: -1 }],
    ['3.0.0', { ...BIKO, age: { human_years: -1, dog_years: -1 } }],
    ['4.0.0', BIKO],
    ['5.0.0', BIKO],
  ];
  for (const [version, shape] of rows) t.same(shapeAt(model, version), shape, `at ${version}`);
});

t.test('the field order of each shape is stable', async (t) => {
  const model = buildReferenceModel();
  t.same(Object.keys(shapeAt(model, '3.0.0') as object), ['id', 'name', 'birthday', 'age']);
  t.same(Object.keys((shapeAt(model, '3.0.0') as { age: object }).age), ['human_years', 'dog_years']);
});

t.test('the reference windows (spec 9.4), in both readings of removedIn', async (t) => {
  const units: [string, string][] = [
    [DOGGIE_VIEW_SET, 'list'],
    [DOGGIE_VIEW_SET, 'retrieve'],
    [CAT_VIEW_SET, 'list'],
    [CAT_VIEW_SET, 'retrieve'],
  ];
  const expected: Record<NonNullable<ReferenceHistoryOptions['removedIn']>, Record<string, string[]>> = {
    inclusive: {
      'DoggieViewSet.list': versionsFrom('1.0.0'),
      'DoggieViewSet.retrieve': versionsFrom('2.0.0'),
      'CatViewSet.list': ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0'],
      'CatViewSet.retrieve': ['3.0.0', '4.0.0', '5.0.0'],
    },
    exclusive: {
      'DoggieViewSet.list': versionsFrom('1.0.0'),
      'DoggieViewSet.retrieve': versionsFrom('2.0.0'),
      'CatViewSet.list': ['1.0.0', '2.0.0', '2.1.0', '3.0.0'],
      'CatViewSet.retrieve': ['3.0.0', '4.0.0'],
    },
  };
  for (const removedIn of ['inclusive', 'exclusive'] as const) {
    const model = buildReferenceModel({ removedIn });
    for (const [viewSet, action] of units) {
      const available = model.versions
        .filter((v) => model.isAvailable(viewSet, action, v))
        .map(String)
        .reverse();
      t.same(available, expected[removedIn][`${viewSet}.${action}`], `${removedIn}: ${viewSet}.${action}`);
    }
  }
});

t.test('the default version follows the setting', async (t) => {
  t.equal(buildReferenceModel().standingOn(today).resolve(undefined).toString(), NEWEST_VERSION, 'latest by default');
  t.equal(buildReferenceModel({ defaultVersion: 'earliest' }).standingOn(today).resolve(undefined).toString(), '1.0.0');
  t.equal(buildReferenceModel({ defaultVersion: '2.1.0' }).standingOn(today).resolve(undefined).toString(), '2.1.0');
});

t.test('input from an older client is upgraded to the newest shape: age is read-only and dropped', async (t) => {
  for (const ageRemoval of ['computed', 'placeholder'] as const) {
    const model = buildReferenceModel({ ageRemoval });
    for (const [version, input] of [
      ['2.1.0', { ...BIKO, age: 12 }],
      ['3.0.0', { ...BIKO, age: { human_years: 12, dog_years: 84 } }],
      ['5.0.0', BIKO],
    ] as const) {
      t.same(model.upgradeRequest(DOG, input, { version: Version.parse(version), today }), BIKO_NEWEST, `${ageRemoval}: from ${version}`);
    }
  }
});
