import t from 'tap';
import { lte } from 'semver';
import { API_HISTORY, SUPPORTED_VERSIONS } from '../../../src/domain/api-history/bundle.js';
import { DOG_RESOURCE } from '../../../src/domain/api-history/dog-resource.js';
import type { HistoryOptions } from '../../../src/domain/api-history/history-options.js';
import { CAT_VIEW_SET, DOGGIE_VIEW_SET } from '../../../src/domain/api-history/view-sets.js';
import type { Dog } from '../../../src/domain/dogs/dog.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { resourceKey } from '../../../src/domain/versioning/resource-declaration.js';
import { declarationOf } from '../../../src/domain/versioning/version-bundle.js';
import { defineVersion, introduces, recordChange, removes } from '../../../src/domain/versioning/version-change.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { NEXT_VERSION } from '../../fixtures/versions.js';

const OPTIONS: HistoryOptions = { ageRemoval: 'computed' };

t.test('the reference bundle gives each version its notes, each record type its transforms oldest first, each view set its windows', async (t) => {
  const declaration = declarationOf(API_HISTORY, OPTIONS);
  t.same(
    declaration.versions.map(({ version }) => version),
    SUPPORTED_VERSIONS,
    'newest first, as the bundle orders them',
  );
  t.same(
    declaration.resources[0]?.transforms.map((transform) => transform.version).filter((version) => lte(version, '5.0.0')),
    ['2.1.0', '3.0.0', '4.0.0'],
    "the dog's transforms up to 5.0.0, each with its module's version",
  );
  t.same(declaration.resources[1]?.transforms, [], 'the cat never changed');
  t.same(declaration.viewSets, [
    { name: DOGGIE_VIEW_SET, actions: { list: {}, retrieve: { introducedIn: '2.0.0' } } },
    { name: CAT_VIEW_SET, introducedIn: '1.0.0', removedIn: '5.0.0', actions: { list: { removedIn: '4.0.0' }, retrieve: { introducedIn: '3.0.0' } } },
  ]);
  t.notOk('defaultVersion' in declaration, 'settings left to the model when not given');
  t.same(
    declarationOf(API_HISTORY, OPTIONS, { defaultVersion: 'earliest', removedIn: 'exclusive' }).defaultVersion,
    'earliest',
    'settings passed on',
  );
});

t.test('a change naming what the bundle does not have, or ending a window twice, is refused, every problem named', async (t) => {
  const broken = defineVersion<HistoryOptions>(NEXT_VERSION, (version) => ({
    notes: ['Broken'],
    records: () => [recordChange(resourceKey<Dog>('Horse'), new AddField<Dog>({ version, fieldName: 'mane', schema: { type: 'string' } }))],
    views: [introduces('HorseViewSet'), removes(DOGGIE_VIEW_SET, 'update'), removes(CAT_VIEW_SET)],
  }));
  const error = t.throws(() => declarationOf({ ...API_HISTORY, versions: [broken, ...API_HISTORY.versions] }, OPTIONS), VersionModelError);
  t.same((error as VersionModelError).problems, [
    `version ${NEXT_VERSION} changes record type Horse, which the bundle does not have; add its head`,
    `version ${NEXT_VERSION} introduces HorseViewSet, which the bundle does not have; add it to its view set`,
    `version ${NEXT_VERSION} removes DoggieViewSet.update, which the bundle does not have; add it to its view set`,
    `CatViewSet is removed by both 5.0.0 and ${NEXT_VERSION}; a unit is removed once`,
  ]);
});

t.test('a record change of a known type, at a version with no views, is kept in its place', async (t) => {
  const added = defineVersion<HistoryOptions>(NEXT_VERSION, (version) => ({
    notes: ['Added Dog.good_boy'],
    records: () => [recordChange(DOG_RESOURCE, new AddField<Dog>({ version, fieldName: 'good_boy', schema: { type: 'boolean' } }))],
  }));
  const versionsOfTransforms = (bundle: typeof API_HISTORY) =>
    declarationOf(bundle, OPTIONS).resources[0]?.transforms.map((transform) => transform.version) ?? [];
  t.same(versionsOfTransforms({ ...API_HISTORY, versions: [added, ...API_HISTORY.versions] }), [...versionsOfTransforms(API_HISTORY), NEXT_VERSION]);
});
