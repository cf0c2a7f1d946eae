import t from 'tap';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { listFrom, NEWEST_VERSION, versionsFrom } from '../../fixtures/versions.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { MalformedVersionError, RetiredVersionError, UnsupportedVersionError } from '../../../src/domain/versioning/refusals.js';

const texts = (versions: readonly { toString(): string }[]): string[] => versions.map(String);

t.test('one standing before any sunset, then one from each sunset date on, oldest first', async (t) => {
  const model = lifecycleModel();
  t.same(
    model.standings.map((standing) => standing.from?.toString() ?? null),
    [null, '2026-06-01', '2026-11-22', '2026-12-01'],
  );
  t.same(
    model.standings.map((standing) => texts(standing.supported)),
    [versionsFrom('1.0.0').reverse(), versionsFrom('2.0.0').reverse(), versionsFrom('2.1.0').reverse(), versionsFrom('3.0.0').reverse()],
  );
  t.ok(
    model.standings.every((standing) => Object.isFrozen(standing.supported)),
    'frozen lists: the error messages naming them are built once',
  );
});

t.test('the standing of a day: before, on and after each sunset', async (t) => {
  const model = lifecycleModel();
  const cases: [string, string | null][] = [
    ['0001-01-01', null],
    ['2026-05-31', null],
    ['2026-06-01', '2026-06-01'],
    ['2026-11-21', '2026-06-01'],
    ['2026-11-22', '2026-11-22'],
    ['2026-11-30', '2026-11-22'],
    ['2026-12-01', '2026-12-01'],
    ['9999-12-31', '2026-12-01'],
  ];
  for (const [today, from] of cases) {
    t.equal(model.standingOn(date(today)).from?.toString() ?? null, from, `${today}: the standing from ${String(from)}`);
  }
  t.ok(model.lifecycleOf(Version.parse('2.0.0')).isRetiredOn(date('2026-11-22')), '2.0.0 is retired on its sunset date');
  t.notOk(model.lifecycleOf(Version.parse('2.0.0')).isRetiredOn(date('2026-11-21')), 'and not the day before');
});

t.test('a retired version is refused with 410, naming it, its sunset and the versions served', async (t) => {
  const standing = lifecycleModel().standingOn(date('2026-11-22'));
  for (const [version, sunset] of [
    ['1.0.0', '2026-06-01'],
    ['2.0.0', '2026-11-22'],
  ] as const) {
    const error = standing.resolve(version) as RetiredVersionError;
    t.type(error, RetiredVersionError);
    t.equal(
      error.message,
      `Version ${version} was retired on ${sunset}, its sunset date, and is no longer served. Supported versions: ${listFrom('2.1.0')}.`,
    );
    t.same([error.code, error.version, error.sunset.toString(), error.byDefault], ['retired_version', version, sunset, false]);
  }
  t.equal(standing.resolve('2.1.0').toString(), '2.1.0', 'deprecated, its sunset ahead: served');
  t.equal(standing.resolve(undefined).toString(), NEWEST_VERSION, 'the default');
  t.equal(standing.resolve('').toString(), NEWEST_VERSION, 'empty: the default');
});

t.test('the 406 list of supported versions leaves the retired ones out', async (t) => {
  const standing = lifecycleModel().standingOn(date('2026-11-22'));
  const unsupported = standing.resolve('9.9.9') as UnsupportedVersionError;
  t.type(unsupported, UnsupportedVersionError);
  t.equal(unsupported.message, `Unsupported version "9.9.9". Supported versions: ${listFrom('2.1.0')}.`);
  const malformed = standing.resolve('1.0') as MalformedVersionError;
  t.type(malformed, MalformedVersionError);
  t.equal(malformed.message, `Malformed version "1.0": a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: ${listFrom('2.1.0')}.`);
});

t.test('DEFAULT_VERSION=earliest: the earliest version not yet retired, day by day', async (t) => {
  const model = lifecycleModel('earliest');
  const cases: [string, string][] = [
    ['2026-05-31', '1.0.0'],
    ['2026-06-01', '2.0.0'],
    ['2026-11-21', '2.0.0'],
    ['2026-11-22', '2.1.0'],
    ['2026-12-01', '3.0.0'],
  ];
  for (const [today, version] of cases) t.equal(model.standingOn(date(today)).resolve(undefined).toString(), version, `${today}: ${version}`);
  t.equal(model.standings[0]?.resolve(undefined).toString(), '1.0.0', 'before any sunset: the earliest declared');
});

t.test('an exact default that is retired: a request naming no version is refused, saying it is the default', async (t) => {
  const standing = lifecycleModel('2.0.0').standingOn(date('2026-11-22'));
  const error = standing.resolve(undefined) as RetiredVersionError;
  t.type(error, RetiredVersionError);
  t.ok(error.byDefault);
  t.equal(
    error.message,
    `The default version 2.0.0 was retired on 2026-11-22, its sunset date, and is no longer served. Supported versions: ${listFrom('2.1.0')}.`,
    "what to do instead is the HTTP adapter's to say",
  );
  t.equal(lifecycleModel('2.0.0').standingOn(date('2026-11-21')).resolve(undefined).toString(), '2.0.0', 'the day before: served');
  t.equal(standing.resolve('2.1.0').toString(), '2.1.0', 'a version named is served as usual');
});

t.test('the versions advertised: those served, the deprecated ones apart, oldest first (ASP.NET API Versioning)', async (t) => {
  const model = lifecycleModel();
  const cases: [string, string[], string[]][] = [
    ['2025-12-31', versionsFrom('1.0.0'), []],
    ['2026-01-01', versionsFrom('2.0.0'), ['1.0.0']],
    ['2026-06-01', versionsFrom('3.0.0'), ['2.0.0', '2.1.0']],
    ['2026-11-22', versionsFrom('3.0.0'), ['2.1.0']],
    ['2026-12-01', versionsFrom('3.0.0'), []],
    ['2027-01-01', versionsFrom('4.0.0'), ['3.0.0']],
  ];
  for (const [today, supported, deprecated] of cases) {
    const advertised = model.standingOn(date(today)).advertisedOn(date(today));
    t.same([texts(advertised.supported), texts(advertised.deprecated)], [supported, deprecated], today);
  }
});
