import { inc } from 'semver';
import t from 'tap';
import { API_HISTORY } from '../../../src/domain/api-history/bundle.js';
import { CAT_HEAD } from '../../../src/domain/api-history/heads/cat-collection.js';
import { DOG, DOG_HEAD } from '../../../src/domain/api-history/heads/dog-collection.js';
import { defineVersion, recordChange } from '../../../src/domain/versioning/version-declaration.js';
import { parseDog, type Dog } from '../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { closedObject, type JsonSchema, propertiesOf, withoutProperty, withProperty } from '../../../src/domain/versioning/json-schema.js';
import { RECORD_NAME_SCHEMA } from '../../../src/domain/api-history/heads/record-schemas.js';
import type { Representation } from '../../../src/domain/versioning/representation.js';
import type { Transform } from '../../../src/domain/versioning/transform.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { NEWEST_VERSION, NEXT_VERSION } from '../../fixtures/versions.js';
import { Version } from '../../../src/domain/versioning/version.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const biko = parseDog({ id: 1, name: 'Biko', birthday: '2014-05-06' }, today);

/** The version after the newest: `name` is renamed `title`. */
class RenameNameToTitle implements Transform<Dog> {
  readonly version = NEXT_VERSION;
  downgradeResponse({ title, ...rest }: Representation): Representation {
    const [id, ...others] = Object.entries(rest);
    return Object.fromEntries([id as [string, unknown], ['name', title], ...others]) as Representation;
  }
  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withProperty(withoutProperty(schema, 'title'), 'name', RECORD_NAME_SCHEMA);
  }
}

/** The newest shape of a dog with `name` renamed `title`, in its place. */
function titled(dog: Dog): Representation {
  const { id, name, ...rest } = DOG_HEAD.represent(dog);
  return { id, title: name, ...rest } as Representation;
}

t.test('two later versions added on top: every older row of table 2.1.2 still holds exactly', async (t) => {
  const afterNext = inc(NEXT_VERSION, 'major') as string;
  const v6 = defineVersion<{ ageRemoval: 'computed' }>(NEXT_VERSION, {
    notes: ['Renamed Dog.name'],
    records: () => [recordChange(DOG, new RenameNameToTitle())],
  });
  const v7 = defineVersion<{ ageRemoval: 'computed' }>(afterNext, {
    notes: ['Added Dog.good_boy'],
    records: () => [recordChange(DOG, new AddField<Dog>({ fieldName: 'good_boy', schema: { type: 'boolean' } }))],
  });
  const { id, name: _name, ...others } = propertiesOf(DOG_HEAD.schema);
  const model = VersionModel.build(
    {
      ...API_HISTORY,
      versions: [v7, v6, ...API_HISTORY.versions],
      heads: [
        {
          ...DOG_HEAD,
          represent: (record: Dog) => ({ ...titled(record), good_boy: true }),
          schema: closedObject({ id: id as JsonSchema, title: RECORD_NAME_SCHEMA, ...others, good_boy: { type: 'boolean' } }),
        },
        CAT_HEAD,
      ],
    },
    { ageRemoval: 'computed' },
  );
  const BIKO = { id: 1, name: 'Biko', birthday: '2014-05-06' };
  const rows: [string, unknown][] = [
    [afterNext, { ...titled(biko), good_boy: true }],
    [NEXT_VERSION, titled(biko)],
    [NEWEST_VERSION, DOG_HEAD.represent(biko)],
    ['5.0.0', BIKO],
    ['4.0.0', BIKO],
    ['3.0.0', { ...BIKO, age: { human_years: 12, dog_years: 84 } }],
    ['2.1.0', { ...BIKO, age: 12 }],
    ['2.0.0', BIKO],
    ['1.0.0', BIKO],
  ];
  for (const [version, shape] of rows) {
    const data = model.represent(DOG, biko, { version: Version.parse(version), today });
    t.same(data, shape, `at ${version}`);
    t.same(Object.keys(data), Object.keys(shape as object), `field order at ${version}`);
  }
  t.same(model.changelog[0]?.models, ['Dog.good_boy: added, boolean'], 'the new version lists its change, from its schema');
  t.same(model.changelog[1]?.models, ['Dog.name: renamed title, string'], 'a hand-written change too');
  t.equal(model.standingOn(today).resolve(undefined).toString(), afterNext, 'latest moves to the new version');
});
