import t from 'tap';
import type { BrownoutWindow } from '../../../src/domain/versioning/brownout-window.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { VersionLifecycle, type LifecycleDeclaration } from '../../../src/domain/versioning/version-lifecycle.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { BROWNOUTS, lifecycleModel, withLifecycles } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { NEWEST_VERSION, versionsFrom } from '../../fixtures/versions.js';
import { BrownoutError } from '../../../src/domain/versioning/refusals.js';

const FORM = 'write YYYY-MM-DDTHH:MM:SSZ (UTC), such as 2027-03-01T14:00:00Z';
const DEPRECATED = { deprecated: { on: '2026-06-01' }, sunset: '2026-12-01' } as const;
const at = Date.parse;

const check = (declared: LifecycleDeclaration, isNewest = false): { lifecycle: VersionLifecycle | undefined; problems: string[] } => {
  const problems: string[] = [];
  return { lifecycle: VersionLifecycle.check('2.1.0', declared, isNewest, problems), problems };
};

t.test('brownouts become windows ordered by start, from the deprecation day on, up to the sunset', async (t) => {
  const { lifecycle, problems } = check({
    ...DEPRECATED,
    brownouts: [
      { start: '2026-11-30T12:00:00Z', end: '2026-12-01T00:00:00Z' },
      { start: '2026-06-01T00:00:00Z', end: '2026-06-01T01:00:00Z' },
      { start: '2026-09-01T14:00:00Z', end: '2026-09-01T15:00:00Z' },
    ],
  });
  t.same(problems, [], 'a window may start at 00:00 UTC of the deprecation date and end at 00:00 UTC of the sunset date');
  const windows = (lifecycle as VersionLifecycle).brownouts;
  t.same(
    windows.map(({ start, end }) => [start, end]),
    [
      ['2026-06-01T00:00:00Z', '2026-06-01T01:00:00Z'],
      ['2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z'],
      ['2026-11-30T12:00:00Z', '2026-12-01T00:00:00Z'],
    ],
    'ordered by start',
  );
  t.same([windows[1]?.startMs, windows[1]?.endMs], [at('2026-09-01T14:00:00Z'), at('2026-09-01T15:00:00Z')], 'the instants');
  t.ok(Object.isFrozen(windows) && windows.every((window) => Object.isFrozen(window)), 'shared, so frozen');
  t.same(
    check({ deprecated: { on: '2026-06-01' }, brownouts: [{ start: '2027-03-01T14:00:00Z', end: '2027-03-01T15:00:00Z' }] }).problems,
    [],
    'no sunset: any time after the deprecation',
  );
  t.same(
    check({ deprecated: { on: '2026-06-01' }, brownouts: [{ start: '2027-03-01T14:00:00Z', end: '2027-03-01T15:00:00Z' }] }, true).problems,
    [],
    'the newest version too (an API on its way out as a whole)',
  );
  t.equal(check({ brownouts: [] }).lifecycle, VersionLifecycle.SUPPORTED, 'an empty list: nothing declared');
  t.same(VersionLifecycle.SUPPORTED.brownouts, [], 'none declared');
  const without = check(DEPRECATED).lifecycle as VersionLifecycle;
  t.same(without.brownouts, [], 'a deprecated version that declares none: no window');
  t.equal(without.brownoutAt(at('2026-09-01T14:30:00Z')), undefined, 'so never in one');
});

t.test('in a brownout from its start up to its end, and the next start to come', async (t) => {
  const lifecycle = check({
    ...DEPRECATED,
    brownouts: [
      { start: '2026-09-01T14:00:00Z', end: '2026-09-01T15:00:00Z' },
      { start: '2026-11-25T23:00:00Z', end: '2026-11-26T01:00:00Z' },
    ],
  }).lifecycle as VersionLifecycle;
  const cases: [string, string | undefined, string | undefined][] = [
    ['2026-09-01T13:59:59.999Z', undefined, '2026-09-01T14:00:00Z'],
    ['2026-09-01T14:00:00.000Z', '2026-09-01T15:00:00Z', '2026-11-25T23:00:00Z'],
    ['2026-09-01T14:59:59.999Z', '2026-09-01T15:00:00Z', '2026-11-25T23:00:00Z'],
    ['2026-09-01T15:00:00.000Z', undefined, '2026-11-25T23:00:00Z'],
    ['2026-11-26T00:30:00.000Z', '2026-11-26T01:00:00Z', undefined],
    ['2026-11-26T01:00:00.000Z', undefined, undefined],
  ];
  for (const [instant, end, next] of cases) {
    t.equal(lifecycle.brownoutAt(at(instant))?.end, end, `${instant}: ${end === undefined ? 'served' : `in the brownout until ${end}`}`);
    t.equal(lifecycle.nextBrownoutStart(at(instant)), next === undefined ? Infinity : at(next), `${instant}: the next from ${next ?? 'none'}`);
  }
  t.equal(VersionLifecycle.SUPPORTED.brownoutAt(0), undefined);
  t.equal(VersionLifecycle.SUPPORTED.nextBrownoutStart(0), Infinity);
});

t.test('every problem of a brownout is named with its version and its field or window', async (t) => {
  const window = (start: string, end: string) => ({ start, end });
  const cases: [string, LifecycleDeclaration, string[]][] = [
    [
      'an instant not in the form',
      { ...DEPRECATED, brownouts: [window('2026-09-01 14:00', '2026-09-01T15:00:00+00:00')] },
      [
        `version 2.1.0: brownouts[0].start "2026-09-01 14:00" is not a UTC instant; ${FORM}`,
        `version 2.1.0: brownouts[0].end "2026-09-01T15:00:00+00:00" is not a UTC instant; ${FORM}`,
      ],
    ],
    [
      'a missing instant, one that is not text, an entry that is not an object',
      { ...DEPRECATED, brownouts: [{ start: '2026-09-01T14:00:00Z' } as never, window(20260901 as never, '2026-09-01T15:00:00Z'), null as never] },
      [
        `version 2.1.0: brownouts[0].end is missing; ${FORM}`,
        `version 2.1.0: brownouts[1].start 20260901 is not a UTC instant; ${FORM}`,
        `version 2.1.0: brownouts[2].start is missing; ${FORM}`,
        `version 2.1.0: brownouts[2].end is missing; ${FORM}`,
      ],
    ],
    [
      'an instant in a list, though it reads as one',
      { ...DEPRECATED, brownouts: [window(['2026-09-01T14:00:00Z'] as never, '2026-09-01T15:00:00Z')] },
      [`version 2.1.0: brownouts[0].start ["2026-09-01T14:00:00Z"] is not a UTC instant; ${FORM}`],
    ],
    [
      'a window without an end, starting before the deprecation date: only the missing end named',
      { ...DEPRECATED, brownouts: [{ start: '2026-05-01T00:00:00Z' } as never] },
      [`version 2.1.0: brownouts[0].end is missing; ${FORM}`],
    ],
    [
      'not a list',
      { ...DEPRECATED, brownouts: window('2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z') as never },
      ["version 2.1.0: brownouts is not a list; write brownouts: [{ start: 'YYYY-MM-DDTHH:MM:SSZ', end: 'YYYY-MM-DDTHH:MM:SSZ' }]"],
    ],
    [
      'a window that ends at its start or before',
      { ...DEPRECATED, brownouts: [window('2026-09-01T14:00:00Z', '2026-09-01T14:00:00Z'), window('2026-09-02T15:00:00Z', '2026-09-02T14:00:00Z')] },
      [
        'version 2.1.0: brownout 2026-09-01T14:00:00Z to 2026-09-01T14:00:00Z does not end after it starts; give it an end later than its start',
        'version 2.1.0: brownout 2026-09-02T15:00:00Z to 2026-09-02T14:00:00Z does not end after it starts; give it an end later than its start',
      ],
    ],
    [
      'brownouts without a deprecation',
      { brownouts: [window('2026-09-01T14:00:00Z', '2026-09-01T15:00:00Z')] },
      [
        "version 2.1.0: it has brownouts but no deprecation; declare deprecated: { on: 'YYYY-MM-DD' } on or before the day of the first, so clients are warned first",
      ],
    ],
    [
      'a window before the deprecation date, and one past the sunset',
      { ...DEPRECATED, brownouts: [window('2026-11-30T23:00:00Z', '2026-12-01T00:00:01Z'), window('2026-05-31T23:59:59Z', '2026-06-01T01:00:00Z')] },
      [
        'version 2.1.0: brownout 2026-05-31T23:59:59Z to 2026-06-01T01:00:00Z starts before its deprecation 2026-06-01; a brownout comes from 00:00 UTC of the deprecation date on',
        'version 2.1.0: brownout 2026-11-30T23:00:00Z to 2026-12-01T00:00:01Z ends after its sunset 2026-12-01 (00:00 UTC); a brownout comes before the version is retired',
      ],
    ],
    [
      'windows that overlap or touch, a short one inside a long one included',
      {
        ...DEPRECATED,
        brownouts: [
          window('2026-09-01T14:00:00Z', '2026-09-01T18:00:00Z'),
          window('2026-09-01T15:00:00Z', '2026-09-01T16:00:00Z'),
          window('2026-09-01T17:00:00Z', '2026-09-01T17:30:00Z'),
          window('2026-09-01T18:00:00Z', '2026-09-01T19:00:00Z'),
        ],
      },
      [
        'version 2.1.0: brownouts 2026-09-01T14:00:00Z to 2026-09-01T18:00:00Z and 2026-09-01T15:00:00Z to 2026-09-01T16:00:00Z overlap; merge them into one window, so that Retry-After names its end',
        'version 2.1.0: brownouts 2026-09-01T14:00:00Z to 2026-09-01T18:00:00Z and 2026-09-01T17:00:00Z to 2026-09-01T17:30:00Z overlap; merge them into one window, so that Retry-After names its end',
        'version 2.1.0: brownouts 2026-09-01T14:00:00Z to 2026-09-01T18:00:00Z and 2026-09-01T18:00:00Z to 2026-09-01T19:00:00Z touch; merge them into one window, so that Retry-After names its end',
      ],
    ],
    [
      'each window against the earlier one that ends last: the first of two that end alike, then a later one',
      {
        ...DEPRECATED,
        brownouts: [
          window('2026-09-01T14:00:00Z', '2026-09-01T18:00:00Z'),
          window('2026-09-01T15:00:00Z', '2026-09-01T18:00:00Z'),
          window('2026-09-01T18:00:00Z', '2026-09-01T19:00:00Z'),
          window('2026-09-01T20:00:00Z', '2026-09-01T22:00:00Z'),
          window('2026-09-01T21:00:00Z', '2026-09-01T23:00:00Z'),
        ],
      },
      [
        'version 2.1.0: brownouts 2026-09-01T14:00:00Z to 2026-09-01T18:00:00Z and 2026-09-01T15:00:00Z to 2026-09-01T18:00:00Z overlap; merge them into one window, so that Retry-After names its end',
        'version 2.1.0: brownouts 2026-09-01T14:00:00Z to 2026-09-01T18:00:00Z and 2026-09-01T18:00:00Z to 2026-09-01T19:00:00Z touch; merge them into one window, so that Retry-After names its end',
        'version 2.1.0: brownouts 2026-09-01T20:00:00Z to 2026-09-01T22:00:00Z and 2026-09-01T21:00:00Z to 2026-09-01T23:00:00Z overlap; merge them into one window, so that Retry-After names its end',
      ],
    ],
    [
      'a deprecation date that is wrong: named once, the windows not compared with it',
      { deprecated: { on: '2026-06-31' }, brownouts: [window('2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z')] },
      ['version 2.1.0: deprecated.on "2026-06-31" is not a real date; write YYYY-MM-DD, such as 2026-01-01'],
    ],
  ];
  for (const [what, declared, expected] of cases) {
    const { lifecycle, problems } = check(declared);
    t.same(problems, expected, what);
    t.equal(lifecycle, undefined, `${what}: refused`);
  }
});

t.test('the model refuses every bad brownout at once, with the other lifecycle problems, naming each version', async (t) => {
  const bundle = withLifecycles({
    ...BROWNOUTS,
    '3.0.0': { deprecated: { on: '2027-01-01' }, brownouts: [{ start: '2026-12-31T23:00:00Z', end: '2027-01-01T01:00:00Z' }] },
    '2.0.0': { deprecated: { on: '2026-03-01' }, sunset: '2026-02-01', brownouts: [{ start: '2026-04-01T14:00', end: '2026-04-01T15:00:00Z' }] },
  });
  const error = t.throws(() => lifecycleModel('latest', bundle), VersionModelError) as VersionModelError;
  t.same(error.problems, [
    'version 3.0.0: brownout 2026-12-31T23:00:00Z to 2027-01-01T01:00:00Z starts before its deprecation 2027-01-01; a brownout comes from 00:00 UTC of the deprecation date on',
    'version 2.0.0: its sunset 2026-02-01 is before its deprecation 2026-03-01; a version is deprecated first, retired on or after that day',
    `version 2.0.0: brownouts[0].start "2026-04-01T14:00" is not a UTC instant; ${FORM}`,
  ]);
});

t.test('the changelog lists each version brownouts, ordered by start, as declared; none is an empty list', async (t) => {
  const model = lifecycleModel('latest', withLifecycles(BROWNOUTS));
  t.same(
    model.changelog.map(({ version, brownouts }) => [version, brownouts]),
    [
      ...versionsFrom('4.0.0')
        .reverse()
        .map((version) => [version, []]),
      ['3.0.0', [{ start: '2027-03-01T14:00:00Z', end: '2027-03-01T15:00:00Z' }]],
      [
        '2.1.0',
        [
          { start: '2026-11-22T14:00:00Z', end: '2026-11-22T15:00:00Z' },
          { start: '2026-11-25T23:00:00Z', end: '2026-11-26T01:00:00Z' },
        ],
      ],
      ['2.0.0', []],
      ['1.0.0', []],
    ],
  );
  t.same(model.lifecycleOf(Version.parse(NEWEST_VERSION)).brownouts, [], 'the newest declares none');
});

t.test("a brownout's refusal names the window's end and the sunset, and the seconds to wait", async (t) => {
  const lifecycle = check({ ...DEPRECATED, brownouts: [{ start: '2026-09-01T14:00:00Z', end: '2026-09-01T15:00:00Z' }] })
    .lifecycle as VersionLifecycle;
  const window = lifecycle.brownouts[0] as BrownoutWindow;
  const served = Object.freeze(['5.0.0', '4.0.0'].map((text) => Version.parse(text)));
  const refusal = (nowMs: number, sunset = date('2026-12-01'), byDefault?: boolean | 'pin') =>
    new BrownoutError(Version.parse('2.1.0'), window, sunset, served, nowMs, byDefault);
  const first = refusal(at('2026-09-01T14:00:00Z'));
  t.same([first.code, first.version.toString(), first.retryAfterSeconds], ['version_brownout', '2.1.0', 3600]);
  t.equal(
    first.message,
    'Version 2.1.0 is in a brownout until 2026-09-01T15:00:00Z, a rehearsal of its sunset on 2026-12-01, and is not served until then. Supported versions: 5.0.0, 4.0.0.',
  );
  t.equal(refusal(at('2026-09-01T14:59:59.001Z')).retryAfterSeconds, 1, 'a part of a second left: 1');
  t.equal(refusal(at('2026-09-01T14:30:00.500Z')).retryAfterSeconds, 1800, 'rounded up');
  t.match(
    new BrownoutError(Version.parse('3.0.0'), window, null, served, at('2026-09-01T14:00:00Z')).message,
    /^Version 3\.0\.0 is in a brownout until 2026-09-01T15:00:00Z, a rehearsal of its removal \(no sunset date is set yet\), and is not served until then\./,
    'no sunset yet',
  );
  t.match(refusal(at('2026-09-01T14:00:00Z'), undefined, true).message, /^The default version 2\.1\.0 .* and is not served until then\. Supported/);
  t.match(refusal(at('2026-09-01T14:00:00Z'), undefined, 'pin').message, /^Your pinned version 2\.1\.0 .* and is not served until then\. Supported/);
});
