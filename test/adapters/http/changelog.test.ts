import t from 'tap';
import { checkChangelog } from '../../fixtures/reference-changelog.js';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, getWithoutAccept } from './fixtures/http-client.js';
import { ALL_VERSIONS, NEWEST_VERSION } from '../../fixtures/versions.js';

t.test('/version/ lists every supported version, newest first, with its notes, models and views', async (t) => {
  const service = await startService(t);
  const reply = await call(service.url, '/version/');
  t.equal(reply.status, 200, '200');
  checkChangelog(t, reply.json, 'the whole changelog');
  checkJsonHeaders(t, reply, NEWEST_VERSION, '/version/');
});

t.test('/version/ is identical at every version and on every request', async (t) => {
  const service = await startService(t);
  const first = await getWithoutAccept(service.port, '/version/');
  checkChangelog(t, first.json, 'without Accept');
  for (const version of ALL_VERSIONS) {
    for (const round of [1, 2, 3]) {
      const reply = await call(service.url, '/version/', { headers: acceptVersion(version) });
      t.equal(reply.text, first.text, `at ${version}, request ${round}: the same bytes`);
      checkJsonHeaders(t, reply, version, `/version/ at ${version}`);
    }
  }
});

t.test('the changelog does not depend on the settings that change shapes and windows', async (t) => {
  const envs = [{ AGE_REMOVAL: 'placeholder' }, { REMOVED_IN: 'exclusive' }, { DEFAULT_VERSION: 'earliest' }];
  for (const env of envs) {
    const service = await startService(t, env);
    const reply = await call(service.url, '/version/', { headers: acceptVersion('3.0.0') });
    checkChangelog(t, reply.json, `${JSON.stringify(env)}: removals stay under the declared removed_in version`);
  }
});

t.test('/version/my_version/ is the changelog entry of the resolved version', async (t) => {
  const service = await startService(t);
  const changelog = (await call(service.url, '/version/')).json as readonly { version: string }[];
  const entryOf = (version: string) => changelog.find((entry) => entry.version === version);
  for (const version of ALL_VERSIONS) {
    const reply = await call(service.url, '/version/my_version/', { headers: acceptVersion(version) });
    t.equal(reply.status, 200, `${version}: 200`);
    t.same(reply.json, entryOf(version), `${version}: its entry`);
    checkJsonHeaders(t, reply, version, `my_version at ${version}`);
  }
  const bare = await getWithoutAccept(service.port, '/version/my_version/');
  t.same(bare.json, entryOf(NEWEST_VERSION), `no version asked: the entry of the default, ${NEWEST_VERSION}`);

  const earliest = await startService(t, { DEFAULT_VERSION: 'earliest' });
  const first = await getWithoutAccept(earliest.port, '/version/my_version/');
  t.same(first.json, entryOf('1.0.0'), 'DEFAULT_VERSION=earliest: the entry of 1.0.0');
});
