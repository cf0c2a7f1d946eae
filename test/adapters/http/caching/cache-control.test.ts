import t from 'tap';
import { CacheControl } from '../../../../src/adapters/http/caching/cache-control.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { BROWNOUTS, lifecycleModel, withLifecycles } from '../../../fixtures/lifecycle-history.js';
import { TestClock } from '../../../fixtures/test-clock.js';

const clock = new TestClock('2026-11-22');
const lifecycles = lifecycleModel().lifecycles;
const DAY_START = Date.UTC(2026, 10, 22);
const v = (text: string) => Version.parse(text);

t.test('CACHE_MAX_AGE=0: no-cache, whatever the time', async (t) => {
  const policy = new CacheControl(0, lifecycles);
  t.equal(policy.of(v('5.0.0'), true, clock.today(), DAY_START + 86_399_000), 'no-cache');
});

t.test('a max-age never reaches past the end of the UTC day for daily content, nor past the sunset', async (t) => {
  const policy = new CacheControl(3600, lifecycles);
  const cases: [string | undefined, boolean, number, string, string][] = [
    ['5.0.0', false, DAY_START + 86_399_000, 'public, max-age=3600', 'not daily, no sunset: the setting'],
    ['5.0.0', true, DAY_START + 12 * 3_600_000, 'public, max-age=3600', 'daily, noon: the setting'],
    ['5.0.0', true, DAY_START + 86_400_000 - 100_500, 'public, max-age=100', 'daily, 100.5 s before midnight: 100'],
    ['5.0.0', true, DAY_START + 86_400_000 - 100_200, 'public, max-age=100', 'the same second: the same value'],
    ['5.0.0', true, DAY_START + 86_400_000 - 50_000, 'public, max-age=50', 'daily, 50 s before midnight: 50'],
    ['5.0.0', true, DAY_START + 86_399_500, 'no-cache', 'daily, under a second before midnight: no-cache'],
    [undefined, false, DAY_START + 86_399_500, 'public, max-age=3600', 'unversioned: the setting'],
    ['3.0.0', false, DAY_START, 'public, max-age=3600', 'a deprecation without sunset changes nothing'],
  ];
  for (const [version, daily, now, expected, what] of cases) {
    t.equal(policy.of(version === undefined ? undefined : v(version), daily, clock.today(), now), expected, what);
  }
  const year = new CacheControl(31_536_000, lifecycles);
  const untilSunset = (Date.UTC(2026, 11, 1) - DAY_START) / 1000;
  t.equal(year.of(v('2.1.0'), false, clock.today(), DAY_START), `public, max-age=${untilSunset}`, '2.1.0: cut at its sunset, 2026-12-01');
  t.equal(year.of(v('2.1.0'), true, clock.today(), DAY_START), 'public, max-age=86400', 'and daily: cut at midnight first');
  t.equal(year.of(v('2.0.0'), false, clock.today(), DAY_START + 1000), 'no-cache', '2.0.0: its sunset is today, past');
});

t.test("the time of day is the system's, the date the service's clock", async (t) => {
  const policy = new CacheControl(3600, lifecycles);
  const otherDay = Date.UTC(2030, 0, 1) + 86_400_000 - 10_000;
  t.equal(policy.of(v('5.0.0'), true, clock.today(), otherDay), 'public, max-age=10', '10 s before a midnight, whatever the system date');
});

t.test('nor past the start of the next brownout of its version', async (t) => {
  const policy = new CacheControl(31_536_000, lifecycleModel('latest', withLifecycles(BROWNOUTS)).lifecycles);
  const cases: [string, boolean, string, string, string][] = [
    ['2.1.0', false, '2026-11-22T13:00:00Z', 'public, max-age=3600', 'an hour before the window'],
    ['2.1.0', true, '2026-11-22T13:00:00Z', 'public, max-age=3600', 'daily: the window comes first'],
    ['2.1.0', true, '2026-11-22T15:00:00Z', 'public, max-age=32400', 'after it, daily: midnight comes first'],
    ['2.1.0', false, '2026-11-22T15:00:00Z', 'public, max-age=288000', 'after it: up to the next, 2026-11-25T23:00:00Z'],
    ['2.1.0', false, '2026-11-26T01:00:00Z', 'public, max-age=428400', 'after the last: up to the sunset'],
    ['3.0.0', false, '2026-11-22T00:00:00Z', 'public, max-age=8604000', '3.0.0: up to its brownout on 2027-03-01'],
    ['4.0.0', false, '2026-11-22T00:00:00Z', 'public, max-age=31536000', 'a version without brownouts: the setting'],
  ];
  for (const [version, daily, instant, expected, what] of cases) {
    const day = new TestClock(instant);
    t.equal(policy.of(v(version), daily, day.today(), day.now()), expected, `${version} at ${instant}: ${what}`);
  }
});

t.test("an API client's answer: the same directives, private in place of public", async (t) => {
  const policy = new CacheControl(3600, lifecycles);
  const at = (now: number) => policy.of(v('5.0.0'), true, clock.today(), now, false);
  t.equal(at(DAY_START + 12 * 3_600_000), 'private, max-age=3600', 'the setting');
  t.equal(at(DAY_START + 86_400_000 - 100_500), 'private, max-age=100', 'cut at midnight');
  t.equal(at(DAY_START + 86_400_000 - 100_200), 'private, max-age=100', 'the same second: the same value');
  t.equal(policy.of(v('5.0.0'), true, clock.today(), DAY_START + 86_400_000 - 100_200), 'public, max-age=100', 'and the shared one apart');
  t.equal(at(DAY_START + 86_399_500), 'private, no-cache', 'past the boundary');
  t.equal(new CacheControl(0, lifecycles).of(v('5.0.0'), true, clock.today(), DAY_START, false), 'private, no-cache', 'CACHE_MAX_AGE=0');
});
