import t from 'tap';
import { ResolveVersion } from '../../../src/application/use-cases/resolve-version.js';
import { RetiredVersionError } from '../../../src/domain/versioning/retired-version-error.js';
import { applicationParts } from '../../fixtures/application.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { TestClock } from '../../fixtures/test-clock.js';
import { versionsFrom } from '../../fixtures/versions.js';

t.test('a running process crosses midnight: the day the sunset comes, the version is refused, with no restart', async (t) => {
  const clock = new TestClock('2026-11-30');
  const resolve = new ResolveVersion(lifecycleModel('earliest'), clock);
  t.equal(resolve.execute({ requested: '2.1.0' }).toString(), '2.1.0', '2026-11-30: 2.1.0 served');
  t.equal(resolve.execute({ requested: undefined }).toString(), '2.1.0', '2026-11-30: the earliest served is the default');
  clock.set('2026-12-01');
  t.type(resolve.execute({ requested: '2.1.0' }), RetiredVersionError, '2026-12-01: 2.1.0 refused');
  t.equal(resolve.execute({ requested: undefined }).toString(), '3.0.0', '2026-12-01: the default moves on');
  t.equal(resolve.standing().from?.toString(), '2026-12-01', 'the standing of the day');
  clock.set('2026-11-30');
  t.equal(resolve.execute({ requested: '2.1.0' }).toString(), '2.1.0', 'a clock set back serves it again');
});

t.test('with no sunset declared the clock is not read to resolve a version', async (t) => {
  const { model } = applicationParts();
  const clock = new TestClock('2026-11-22');
  const resolve = new ResolveVersion(model, clock);
  t.equal(resolve.execute({ requested: '1.0.0' }).toString(), '1.0.0');
  t.equal(resolve.standing(), model.standings[0], 'the one standing');
  t.equal(clock.reads, 0, 'no clock read');
  const withSunsets = new ResolveVersion(lifecycleModel(), clock);
  withSunsets.execute({ requested: '3.0.0' });
  t.equal(clock.reads, 1, 'one read a request once some version has a sunset');
});

t.test('every version with its lifecycle, newest first; the versions advertised today', async (t) => {
  const clock = new TestClock('2026-11-22');
  const resolve = new ResolveVersion(lifecycleModel(), clock);
  t.same(
    resolve.lifecycles.map(({ version, lifecycle }) => [String(version), String(lifecycle.deprecated), String(lifecycle.sunset)]),
    [
      ...versionsFrom('4.0.0')
        .reverse()
        .map((version) => [version, 'null', 'null']),
      ['3.0.0', '2027-01-01', 'null'],
      ['2.1.0', '2026-06-01', '2026-12-01'],
      ['2.0.0', '2026-03-01', '2026-11-22'],
      ['1.0.0', '2026-01-01', '2026-06-01'],
    ],
  );
  t.ok(Object.isFrozen(resolve.lifecycles));
  const { supported, deprecated } = resolve.advertised();
  t.same([supported.map(String), deprecated.map(String)], [versionsFrom('3.0.0'), ['2.1.0']]);
  t.equal(resolve.today().toString(), '2026-11-22');
});
