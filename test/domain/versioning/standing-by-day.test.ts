import t from 'tap';
import { applicationParts } from '../../fixtures/application.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { versionsFrom } from '../../fixtures/versions.js';
import { MalformedVersionError, RetiredVersionError, UnsupportedVersionError } from '../../../src/domain/versioning/refusals.js';

t.test('the version a request is served at, by the standing of its day', async (t) => {
  const { model } = applicationParts({ defaultVersion: '2.1.0' });
  const standing = model.standingOn(date('2026-11-22'));
  t.equal(standing.resolve(undefined).toString(), '2.1.0', 'the configured default');
  t.equal(standing.resolve('3.0.0').toString(), '3.0.0', 'asked for');
  t.type(standing.resolve('3.0'), MalformedVersionError);
  t.type(standing.resolve('3.1.0'), UnsupportedVersionError);
});

t.test('a running process crosses midnight: the day the sunset comes, the version is refused, with no restart', async (t) => {
  const standings = lifecycleModel('earliest');
  const on = (day: string) => standings.standingOn(date(day));
  t.equal(on('2026-11-30').resolve('2.1.0').toString(), '2.1.0', '2026-11-30: 2.1.0 served');
  t.equal(on('2026-11-30').resolve(undefined).toString(), '2.1.0', '2026-11-30: the earliest served is the default');
  t.type(on('2026-12-01').resolve('2.1.0'), RetiredVersionError, '2026-12-01: 2.1.0 refused');
  t.equal(on('2026-12-01').resolve(undefined).toString(), '3.0.0', '2026-12-01: the default moves on');
  t.equal(on('2026-12-01').from?.toString(), '2026-12-01', 'the standing of the day');
  t.equal(on('2026-11-30').resolve('2.1.0').toString(), '2.1.0', 'a clock set back serves it again');
  t.equal(
    standings.standings.length,
    lifecycleModel('earliest').standings.length,
    'every standing, for the steps that build one thing per standing at start',
  );
});

t.test('with no sunset declared every day stands alike', async (t) => {
  const { model } = applicationParts();
  const standings = model;
  t.equal(standings.standingOn(date('2026-11-22')), model.standings[0], 'the one standing');
  t.equal(standings.standingOn(date('2099-01-01')), model.standings[0], 'on any day');
  t.same(standings.standings, [model.standings[0]]);
});

t.test('every version with its lifecycle, newest first; the versions advertised on a day', async (t) => {
  const standings = lifecycleModel();
  t.same(
    standings.lifecycles.map(({ version, lifecycle }) => [String(version), String(lifecycle.deprecated), String(lifecycle.sunset)]),
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
  t.ok(Object.isFrozen(standings.lifecycles));
  const { supported, deprecated } = standings.advertisedOn(date('2026-11-22'));
  t.same([supported.map(String), deprecated.map(String)], [versionsFrom('3.0.0'), ['2.1.0']]);
});
