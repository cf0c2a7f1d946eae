import t from 'tap';
import { GetChangelog } from '../../../src/application/use-cases/get-changelog.js';
import { GetChangelogEntry } from '../../../src/application/use-cases/get-changelog-entry.js';
import { ResolveVersion } from '../../../src/application/use-cases/resolve-version.js';
import { MalformedVersionError } from '../../../src/domain/versioning/malformed-version-error.js';
import { UnsupportedVersionError } from '../../../src/domain/versioning/unsupported-version-error.js';
import { applicationParts } from '../../fixtures/application.js';
import { versionsFrom } from '../../fixtures/versions.js';
import { Version } from '../../../src/domain/versioning/version.js';

t.test('resolve the version a request is served at', async (t) => {
  const { model, clock } = applicationParts({ defaultVersion: '2.1.0' });
  const resolve = new ResolveVersion(model, clock);
  t.equal(resolve.execute({ requested: undefined }).toString(), '2.1.0', 'the configured default');
  t.equal(resolve.execute({ requested: '3.0.0' }).toString(), '3.0.0', 'asked for');
  t.type(resolve.execute({ requested: '3.0' }), MalformedVersionError);
  t.type(resolve.execute({ requested: '3.1.0' }), UnsupportedVersionError);
});

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
