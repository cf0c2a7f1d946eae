import t from 'tap';
import { API_HISTORY } from '../../../src/domain/api-history/bundle.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';

t.test("a model's changes: each record change's changelog line and each view change, oldest version first", async (t) => {
  const model = VersionModel.build(API_HISTORY, { ageRemoval: 'computed' });
  t.same(
    model.changes.map(({ version, description, recordType: resource, viewSet, action }) => [
      version.toString(),
      description,
      resource,
      viewSet,
      action,
    ]),
    [
      ['1.0.0', 'CatViewSet introduced', undefined, 'CatViewSet', undefined],
      ['2.0.0', 'DoggieViewSet.retrieve introduced', undefined, 'DoggieViewSet', 'retrieve'],
      ['2.1.0', 'Dog.age: added, integer — the age in whole years, computed from birthday', 'Dog', undefined, undefined],
      ['3.0.0', 'Dog.age: changed from integer to object {human_years: integer, dog_years: integer}', 'Dog', undefined, undefined],
      ['3.0.0', 'CatViewSet.retrieve introduced', undefined, 'CatViewSet', 'retrieve'],
      ['4.0.0', 'Dog.age: removed, was object {human_years: integer, dog_years: integer}', 'Dog', undefined, undefined],
      ['4.0.0', 'CatViewSet.list removed', undefined, 'CatViewSet', 'list'],
      ['5.0.0', 'CatViewSet removed', undefined, 'CatViewSet', undefined],
    ],
  );
  const lines = model.changelog.flatMap((entry) => entry.models);
  t.same(
    model.changes
      .filter(({ recordType: resource }) => resource !== undefined)
      .map(({ description }) => description)
      .sort(),
    [...lines].sort(),
    "the record changes are the changelog's model lines",
  );
});
