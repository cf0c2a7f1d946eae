import t from 'tap';
import { GetChangelog } from '../../../src/application/use-cases/get-changelog.js';
import { GetChangelogEntry } from '../../../src/application/use-cases/get-changelog-entry.js';
import { applicationParts } from '../../fixtures/application.js';
import { versionsFrom } from '../../fixtures/versions.js';
import { Version } from '../../../src/domain/versioning/version.js';

t.test('the changelog and the current version entry', async (t) => {
  const { model } = applicationParts();
  const changelog = new GetChangelog(model).execute();
  t.same(
    changelog.map((entry) => entry.version),
    versionsFrom('1.0.0').reverse(),
    'newest first',
  );
  t.equal(new GetChangelog(model).execute(), changelog, 'the same every time');
  const current = new GetChangelogEntry(model).execute({ version: Version.parse('2.0.0') });
  t.match(current, { version: '2.0.0', notes: ['Added the dog detail view'], views: { actions_introduced: ['DoggieViewSet.retrieve'] } });
});
