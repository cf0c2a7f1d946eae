import t from 'tap';
import { API_HISTORY } from '../../../src/domain/api-history/bundle.js';
import { buildReferenceModel } from '../../../src/domain/api-history/reference-history.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { DOG } from '../../../src/domain/api-history/heads/dog-collection.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { VersionLifecycle, type LifecycleDeclaration } from '../../../src/domain/versioning/version-lifecycle.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { lifecycleModel, withLifecycles } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { NEWEST_VERSION, versionsFrom } from '../../fixtures/versions.js';

const check = (declared: LifecycleDeclaration, isNewest = false): { lifecycle: VersionLifecycle | undefined; problems: string[] } => {
  const problems: string[] = [];
  return { lifecycle: VersionLifecycle.check('1.0.0', declared, isNewest, problems), problems };
};

t.test('a declared deprecation and sunset become dates, the link normalized', async (t) => {
  const { lifecycle, problems } = check({ deprecated: { on: '2026-01-01', link: 'https://Example.com/moving on' }, sunset: '2026-06-01' });
  t.same(problems, []);
  t.equal(lifecycle?.deprecated?.toString(), '2026-01-01');
  t.equal(lifecycle?.deprecationLink, 'https://example.com/moving%20on', 'the URL as WHATWG writes it: no space can reach a header');
  t.equal(lifecycle?.sunset?.toString(), '2026-06-01');
  t.ok(lifecycle?.isDeprecated);
  t.ok(Object.isFrozen(lifecycle), 'shared, so frozen');

  const plain = check({ deprecated: { on: '2026-01-01' } }).lifecycle;
  t.same([plain?.deprecationLink, plain?.sunset], [null, null], 'no link, no sunset: null');
  t.equal(check({}).lifecycle, VersionLifecycle.SUPPORTED, 'nothing declared');
  t.same([VersionLifecycle.SUPPORTED.deprecated, VersionLifecycle.SUPPORTED.isDeprecated], [null, false]);
  t.same(check({ deprecated: { on: '2026-01-01' }, sunset: '2026-01-01' }).problems, [], 'a sunset on the day of the deprecation');
});

t.test('every problem of a lifecycle is named with its version', async (t) => {
  const cases: [string, LifecycleDeclaration, boolean, string[]][] = [
    [
      'an impossible date',
      { deprecated: { on: '2026-02-30' } },
      false,
      ['version 1.0.0: deprecated.on "2026-02-30" is not a real date; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a date in another form',
      { deprecated: { on: '1/1/2026' } },
      false,
      ['version 1.0.0: deprecated.on "1/1/2026" is not a real date; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a deprecation with no date',
      { deprecated: {} as { on: string } },
      false,
      ['version 1.0.0: deprecated.on is missing; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a deprecation of null',
      { deprecated: null as unknown as { on: string } },
      false,
      ['version 1.0.0: deprecated.on is missing; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a date that is not text, even one that reads as a date',
      { deprecated: { on: ['2026-01-01'] as unknown as string } },
      false,
      ['version 1.0.0: deprecated.on ["2026-01-01"] is not a real date; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a sunset that is not a date',
      { deprecated: { on: '2026-01-01' }, sunset: '2026-13-01' },
      false,
      ['version 1.0.0: sunset "2026-13-01" is not a real date; write YYYY-MM-DD, such as 2026-01-01'],
    ],
    [
      'a sunset before the deprecation',
      { deprecated: { on: '2026-06-01' }, sunset: '2026-05-31' },
      false,
      ['version 1.0.0: its sunset 2026-05-31 is before its deprecation 2026-06-01; a version is deprecated first, retired on or after that day'],
    ],
    [
      'a sunset without a deprecation',
      { sunset: '2026-06-01' },
      false,
      [
        "version 1.0.0: it has a sunset but no deprecation; declare deprecated: { on: 'YYYY-MM-DD' } on or before the sunset, so clients are warned first",
      ],
    ],
    [
      'a sunset on the newest version',
      { deprecated: { on: '2026-01-01' }, sunset: '2026-06-01' },
      true,
      ['version 1.0.0 is the newest version: it cannot have a sunset, or nothing would be left to serve; add a newer version first'],
    ],
  ];
  for (const [what, declared, isNewest, expected] of cases) {
    const { lifecycle, problems } = check(declared, isNewest);
    t.same(problems, expected, what);
    t.equal(lifecycle, undefined, `${what}: no lifecycle`);
  }
  for (const link of [
    'http://example.com/moving',
    '/moving',
    'example.com/moving',
    'mailto:api@example.com',
    'https://',
    42,
    ['https://example.com/moving'],
  ]) {
    t.same(
      check({ deprecated: { on: '2026-01-01', link: link as string } }).problems,
      [
        `version 1.0.0: deprecated.link ${JSON.stringify(link)} is not an absolute https:// URL; link the page that explains the move, or leave it out`,
      ],
      `link ${JSON.stringify(link)}`,
    );
  }
});

t.test('deprecated and retired: before, on and after each date (UTC days)', async (t) => {
  const lifecycle = check({ deprecated: { on: '2026-01-01' }, sunset: '2026-06-01' }).lifecycle as VersionLifecycle;
  const cases: [string, boolean, boolean][] = [
    ['2025-12-31', false, false],
    ['2026-01-01', true, false],
    ['2026-01-02', true, false],
    ['2026-05-31', true, false],
    ['2026-06-01', true, true],
    ['2026-06-02', true, true],
  ];
  for (const [today, deprecated, retired] of cases) {
    t.equal(lifecycle.isDeprecatedOn(date(today)), deprecated, `${today}: deprecated ${deprecated}`);
    t.equal(lifecycle.isRetiredOn(date(today)), retired, `${today}: retired ${retired}`);
  }
  t.notOk(VersionLifecycle.SUPPORTED.isDeprecatedOn(date('9999-12-31')), 'nothing declared: never deprecated');
  t.notOk(VersionLifecycle.SUPPORTED.isRetiredOn(date('9999-12-31')), 'nothing declared: never retired');
});

t.test('the reference history: 1.0.0 deprecated on 2026-01-01, no sunset; nothing else', async (t) => {
  const model = buildReferenceModel();
  const lifecycles = model.versions.map((version) => [version.toString(), model.lifecycleOf(version)] as const);
  t.same(
    lifecycles.map(([version, { deprecated, deprecationLink, sunset }]) => [version, deprecated?.toString() ?? null, deprecationLink, sunset]),
    [
      ...versionsFrom('4.0.0')
        .reverse()
        .map((version) => [version, null, null, null]),
      ['3.0.0', null, null, null],
      ['2.1.0', null, null, null],
      ['2.0.0', null, null, null],
      ['1.0.0', '2026-01-01', null, null],
    ],
  );
  t.notOk(model.lifecycleOf(Version.parse('1.0.0')).isRetiredOn(date('9999-12-31')), 'never retired');
  t.equal(model.standings.length, 1, 'no sunset: one standing for every day');
  t.throws(() => model.lifecycleOf(Version.parse('9.9.9')), { code: 'unsupported_version' }, 'an unknown version has no lifecycle');
});

t.test('the model refuses every bad lifecycle at once, among the other declaration problems, naming each version', async (t) => {
  const bundle = withLifecycles({
    [NEWEST_VERSION]: { deprecated: { on: '2026-01-01' }, sunset: '2027-01-01' },
    '2.0.0': { deprecated: { on: '2026-06-01', link: 'ftp://example.com/' }, sunset: '2026-01-01' },
    '1.0.0': { sunset: '2026-02-29' },
  });
  const error = t.throws(() => lifecycleModel('latest', bundle), VersionModelError) as VersionModelError;
  t.same(error.problems, [
    `version ${NEWEST_VERSION} is the newest version: it cannot have a sunset, or nothing would be left to serve; add a newer version first`,
    'version 2.0.0: deprecated.link "ftp://example.com/" is not an absolute https:// URL; link the page that explains the move, or leave it out',
    'version 2.0.0: its sunset 2026-01-01 is before its deprecation 2026-06-01; a version is deprecated first, retired on or after that day',
    'version 1.0.0: sunset "2026-02-29" is not a real date; write YYYY-MM-DD, such as 2026-01-01',
    "version 1.0.0: it has a sunset but no deprecation; declare deprecated: { on: 'YYYY-MM-DD' } on or before the sunset, so clients are warned first",
  ]);
  t.ok(error.message.startsWith(`The version model is invalid:\n- version ${NEWEST_VERSION} is the newest`), 'the start says it, every line');
  t.equal(API_HISTORY.versions.at(-1)?.deprecated?.on, '2026-01-01', 'the bundle itself is left as it is');
});

t.test('a bad lifecycle is listed with the other problems of the declaration, not after them', async (t) => {
  const bundle = withLifecycles({ '1.0.0': { deprecated: { on: 'soon' } } });
  const error = t.throws(
    () =>
      VersionModel.build(
        { ...bundle, viewSets: [...bundle.viewSets, { name: 'HorseViewSet', recordTypes: [DOG], actions: [] }] },
        { ageRemoval: 'computed' },
      ),
    VersionModelError,
  ) as VersionModelError;
  t.same(error.problems, [
    'HorseViewSet: it declares no action; declare list, retrieve or another',
    'version 1.0.0: deprecated.on "soon" is not a real date; write YYYY-MM-DD, such as 2026-01-01',
  ]);
});

t.test('the changelog gives each version its declared deprecation and sunset dates, or null', async (t) => {
  t.same(
    lifecycleModel().changelog.map((entry) => [entry.version, entry.deprecated, entry.sunset]),
    [
      ...versionsFrom('4.0.0')
        .reverse()
        .map((version) => [version, null, null]),
      ['3.0.0', '2027-01-01', null],
      ['2.1.0', '2026-06-01', '2026-12-01'],
      ['2.0.0', '2026-03-01', '2026-11-22'],
      ['1.0.0', '2026-01-01', '2026-06-01'],
    ],
  );
});
