import t from 'tap';
import { lte } from 'semver';
import { API_HISTORY, SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { CAT_HEAD, CAT_VIEW_SET } from '../../../src/domain/api-history/heads/cat-collection.js';
import { DOG, DOG_HEAD, DOGGIE_VIEW_SET } from '../../../src/domain/api-history/heads/dog-collection.js';
import { withProperty } from '../../../src/domain/versioning/json-schema.js';
import { AGE_REMOVALS } from '../../../src/domain/api-history/versions/age-removal.js';
import type { HistoryOptions } from '../../../src/domain/api-history/versions/history-options.js';
import type { Dog } from '../../../src/domain/dogs/dog.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { recordType } from '../../../src/domain/versioning/record-type.js';
import { defineVersion, introduces, recordChange, removes, type VersionDeclaration } from '../../../src/domain/versioning/version-declaration.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { NEXT_VERSION } from '../../fixtures/versions.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';

const OPTIONS: HistoryOptions = { ageRemoval: 'computed' };

t.test('the reference bundle: each version with its notes, each record change under its module, each window where it opens or closes', async (t) => {
  const model = VersionModel.build(API_HISTORY, OPTIONS);
  t.same(
    model.changelog.map(({ version }) => version),
    SUPPORTED_VERSIONS,
    'newest first, as the bundle orders them',
  );
  const upToFive = model.changelog.filter(({ version }) => lte(version, '5.0.0'));
  t.same(
    upToFive.map(({ models }) => models.length),
    [0, 1, 1, 1, 0, 0],
    "the dog's three changes up to 5.0.0, each under its module's version; the cat never changed",
  );
  t.same(
    upToFive.map(({ views }) => views),
    [
      { endpoints_introduced: [], endpoints_removed: [CAT_VIEW_SET], actions_introduced: [], actions_removed: [] },
      { endpoints_introduced: [], endpoints_removed: [], actions_introduced: [], actions_removed: [`${CAT_VIEW_SET}.list`] },
      { endpoints_introduced: [], endpoints_removed: [], actions_introduced: [`${CAT_VIEW_SET}.retrieve`], actions_removed: [] },
      { endpoints_introduced: [], endpoints_removed: [], actions_introduced: [], actions_removed: [] },
      { endpoints_introduced: [], endpoints_removed: [], actions_introduced: [`${DOGGIE_VIEW_SET}.retrieve`], actions_removed: [] },
      { endpoints_introduced: [CAT_VIEW_SET], endpoints_removed: [], actions_introduced: [], actions_removed: [] },
    ],
  );
  t.notOk(model.hasEnd(DOGGIE_VIEW_SET, 'list'), 'the dog list has no end');
  t.ok(model.hasEnd(CAT_VIEW_SET, 'retrieve'), 'the cat detail view ends with its endpoint');
});

t.test('a change naming what the bundle does not have, or ending a window twice, is refused, every problem named', async (t) => {
  const broken = defineVersion<HistoryOptions>(NEXT_VERSION, {
    notes: ['Broken'],
    records: () => [recordChange(recordType<Dog>('Horse'), new AddField<Dog>({ fieldName: 'mane', schema: { type: 'string' } }))],
    views: [introduces('HorseViewSet'), removes(DOGGIE_VIEW_SET, 'update'), introduces(CAT_VIEW_SET, 'update'), removes(CAT_VIEW_SET)],
  });
  const error = t.throws(() => VersionModel.build({ ...API_HISTORY, versions: [broken, ...API_HISTORY.versions] }, OPTIONS), VersionModelError);
  t.same((error as VersionModelError).problems, [
    `version ${NEXT_VERSION} changes record type Horse, which the bundle does not have; add its head`,
    `version ${NEXT_VERSION} introduces HorseViewSet, which the bundle does not have; add it to its view set`,
    `version ${NEXT_VERSION} removes DoggieViewSet.update, which the bundle does not have; add it to its view set`,
    `version ${NEXT_VERSION} introduces CatViewSet.update, which the bundle does not have; add it to its view set`,
    `CatViewSet is removed by both 5.0.0 and ${NEXT_VERSION}; a unit is removed once`,
  ]);
});

t.test('a bundle not newest first is refused, naming each version out of place, with the other problems', async (t) => {
  const newestFirst = SUPPORTED_VERSIONS.join(', ');
  const oldestFirst = [...SUPPORTED_VERSIONS].reverse();
  const reversed = t.throws(
    () => VersionModel.build({ ...API_HISTORY, versions: [...API_HISTORY.versions].reverse() }, OPTIONS),
    VersionModelError,
  ) as VersionModelError;
  const everyPair = oldestFirst.slice(1).map((version, index) => `${version} after ${oldestFirst[index]}`);
  t.same(reversed.problems, [`the bundle lists versions out of order (${everyPair.join(', ')}); list them newest first: ${newestFirst}`]);

  const [newest, next, ...older] = API_HISTORY.versions as [VersionDeclaration<HistoryOptions>, VersionDeclaration<HistoryOptions>];
  const malformed = defineVersion<HistoryOptions>('v0', { notes: [] });
  const swapped = t.throws(
    () => VersionModel.build({ ...API_HISTORY, versions: [next, newest, ...older, malformed] }, OPTIONS),
    VersionModelError,
  ) as VersionModelError;
  t.same(
    swapped.problems,
    [
      `version declaration #${API_HISTORY.versions.length + 1}: "v0" is not a version; write MAJOR.MINOR.PATCH, such as 2.1.0`,
      `the bundle lists versions out of order (${newest.version} after ${next.version}); list them newest first: ${newestFirst}`,
    ],
    'two versions swapped, and a malformed one: every problem at once',
  );
});

t.test('a view set serving a record type the bundle has no head for is refused at build, naming both', async (t) => {
  const horses = { name: 'HorseViewSet', recordTypes: [recordType<never>('Horse')], actions: ['list'] };
  const error = t.throws(() => VersionModel.build({ ...API_HISTORY, viewSets: [...API_HISTORY.viewSets, horses] }, OPTIONS), VersionModelError);
  t.same((error as VersionModelError).problems, ['view set HorseViewSet serves record type Horse, which the bundle does not have; add its head']);
});

t.test('the reference bundle builds with either age removal: every change of it reaches a route', async (t) => {
  for (const ageRemoval of AGE_REMOVALS) t.doesNotThrow(() => VersionModel.build(API_HISTORY, { ageRemoval }), ageRemoval);
});

t.test('a dog change at a version before which no dog route exists is refused, naming the change and the versions it would reach', async (t) => {
  const routed = API_HISTORY.versions.map((change) =>
    change.version === '2.1.0' ? { ...change, views: [...change.views, introduces(DOGGIE_VIEW_SET)] } : change,
  );
  const error = t.throws(() => VersionModel.build({ ...API_HISTORY, versions: routed }, OPTIONS), VersionModelError);
  t.same((error as VersionModelError).problems, [
    'version 2.1.0: the change AddField(age) to Dog reaches no route: no view set serving Dog is available at a version it downgrades to (2.0.0 or 1.0.0); remove the change, or open a view set serving Dog at one of those versions',
  ]);
});

t.test('a record change of a known type, at a version with no views, is kept in its place', async (t) => {
  const added = defineVersion<HistoryOptions>(NEXT_VERSION, {
    notes: ['Added Dog.good_boy'],
    records: () => [recordChange(DOG, new AddField<Dog>({ fieldName: 'good_boy', schema: { type: 'boolean' } }))],
  });
  const head = { ...DOG_HEAD, schema: withProperty(DOG_HEAD.schema, 'good_boy', { type: 'boolean' }) };
  const model = VersionModel.build({ ...API_HISTORY, versions: [added, ...API_HISTORY.versions], heads: [head, CAT_HEAD] }, OPTIONS);
  const changesPerVersion = (changelog: typeof model.changelog) => changelog.map(({ models }) => models.length);
  t.same(changesPerVersion(model.changelog), [1, ...changesPerVersion(VersionModel.build(API_HISTORY, OPTIONS).changelog)]);
  t.same(model.changelog[0]?.models, ['Dog.good_boy: added, boolean']);
});

t.test('a view change names its action only when it has one', async (t) => {
  t.same(introduces('A', 'list'), { viewSet: 'A', action: 'list', change: 'introduced' });
  t.same(removes('A', 'list'), { viewSet: 'A', action: 'list', change: 'removed' });
  t.notOk('action' in introduces('A'), 'a whole endpoint introduced: no action key');
  t.notOk('action' in removes('A'), 'a whole endpoint removed: no action key');
});
