import t from 'tap';
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
