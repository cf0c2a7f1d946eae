import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import type { VersionStanding } from '../../../src/domain/versioning/version-standing.js';
import { recordType } from '../../../src/domain/versioning/record-type.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { closedObject } from '../../../src/domain/versioning/json-schema.js';
import type { RemovalReading } from '../../../src/domain/versioning/removal-reading.js';
import { Version } from '../../../src/domain/versioning/version.js';
import type { DefaultVersionChoice } from '../../../src/domain/versioning/default-version.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { introduces } from '../../../src/domain/versioning/version-declaration.js';
import { bundleOf, type TestHistory, type TestResource } from '../../fixtures/bundle-of.js';
import { MalformedVersionError, UnsupportedVersionError } from '../../../src/domain/versioning/refusals.js';

const THING = recordType<{ id: number }>('Thing');
const thing = (transforms: TestResource['transforms'] = []): TestResource => ({
  key: THING,
  represent: (record: { id: number }) => ({ id: record.id }),
  schema: closedObject({ id: { type: 'integer' } }),
  transforms,
});
const versions = (...texts: string[]) => texts.map((version) => ({ version, notes: [`notes of ${version}`] }));
const base: TestHistory = {
  versions: versions('1.0.0', '2.0.0', '2.10.0', '2.9.0'),
  resources: [thing()],
  viewSets: [{ name: 'ThingViewSet', actions: { list: {} } }],
};
interface Changes extends Partial<TestHistory> {
  readonly defaultVersion?: DefaultVersionChoice;
  readonly removedIn?: RemovalReading;
}
const build = ({ defaultVersion, removedIn, ...changes }: Changes): VersionModel =>
  VersionModel.build(bundleOf({ ...base, ...changes }), undefined, {
    ...(defaultVersion === undefined ? {} : { defaultVersion }),
    ...(removedIn === undefined ? {} : { removedIn }),
  });
/** The version the model's standing before any sunset resolves `text` to. */
const resolve = (model: VersionModel, text: string | undefined) => (model.standings[0] as VersionStanding).resolve(text);
const today = CalendarDate.parse('2026-11-22') as CalendarDate;

t.test('versions are ordered newest first, numerically, whatever the declaration order', async (t) => {
  const model = build({});
  t.same(model.versions.map(String), ['2.10.0', '2.9.0', '2.0.0', '1.0.0']);
  t.ok(Object.isFrozen(model.versions), 'the list cannot be changed');
});

t.test('resolve: absent or empty means the default; a supported version is itself', async (t) => {
  const model = build({});
  t.equal(resolve(model, undefined).toString(), '2.10.0', 'absent: latest');
  t.equal(resolve(model, '').toString(), '2.10.0', 'empty: latest');
  t.equal(resolve(model, '2.9.0').toString(), '2.9.0', 'exact');
  t.equal(resolve(build({ defaultVersion: 'earliest' }), undefined).toString(), '1.0.0', 'earliest');
  t.equal(resolve(build({ defaultVersion: '2.0.0' }), undefined).toString(), '2.0.0', 'an exact default');
  t.equal(resolve(build({ defaultVersion: 'latest' }), undefined).toString(), '2.10.0', 'latest named');
});

t.test('resolve refuses malformed and unsupported versions, naming the value and the supported list', async (t) => {
  const model = build({});
  for (const text of ['v2.0.0', '2.0', '02.0.0', '2.0.0-rc1', ' 2.0.0', 'latest']) {
    const error = resolve(model, text) as MalformedVersionError;
    t.type(error, MalformedVersionError, `${JSON.stringify(text)} is malformed`);
    t.equal(error.code, 'malformed_version');
    t.equal(
      error.message,
      `Malformed version ${JSON.stringify(text)}: a version is MAJOR.MINOR.PATCH, such as 1.0.0. Supported versions: 2.10.0, 2.9.0, 2.0.0, 1.0.0.`,
    );
  }
  for (const text of ['9.9.9', '0.1.0', '2.1.0', '99999999999999999999.0.0']) {
    const error = resolve(model, text) as UnsupportedVersionError;
    t.type(error, UnsupportedVersionError, `${text} is unsupported`);
    t.equal(error.message, `Unsupported version "${text}". Supported versions: 2.10.0, 2.9.0, 2.0.0, 1.0.0.`);
    t.equal(error.code, 'unsupported_version');
  }
  const long = resolve(model, '9'.repeat(500)) as Error;
  t.ok(long.message.length < 200, 'a huge value is shortened in the message');
});

t.test('every wrong declaration is refused with a message naming it', async (t) => {
  const window = (introducedIn?: string, removedIn?: string) => ({
    ...(introducedIn === undefined ? {} : { introducedIn }),
    ...(removedIn === undefined ? {} : { removedIn }),
  });
  const cases: [string, Changes, RegExp][] = [
    ['no version', { versions: [] }, /no version is declared/],
    ['a malformed version', { versions: versions('1.0.0', '2.1') }, /version declaration #2: "2\.1" is not a version; write MAJOR\.MINOR\.PATCH/],
    ['a prefixed version', { versions: versions('v1.0.0') }, /version declaration #1: "v1\.0\.0" is not a version/],
    ['a duplicate version', { versions: versions('1.0.0', '2.0.0', '1.0.0') }, /version 1\.0\.0 is declared twice/],
    [
      'an unsupported default',
      { defaultVersion: '3.0.0' },
      /default version: version 3\.0\.0 is not in the supported list \(2\.10\.0, 2\.9\.0, 2\.0\.0, 1\.0\.0\)/,
    ],
    ['a malformed default', { defaultVersion: 'newest' }, /default version: "newest" is not a version/],
    [
      'a transform at the earliest version',
      { resources: [thing([['1.0.0', new AddField({ fieldName: 'x', schema: { type: 'integer' } })]])] },
      /Thing transform AddField\(x\): it is bound to the earliest version 1\.0\.0/,
    ],
    [
      'a transform with no description',
      { resources: [thing([['2.0.0', new AddField({ fieldName: 'x', schema: { type: 'integer' }, description: ' ' })]])] },
      /Thing transform AddField\(x\): its description is empty/,
    ],
    ['two resources of one name', { resources: [thing(), thing()] }, /record type Thing is declared twice/],
    ['a view set with no name', { viewSets: [{ name: '', actions: { list: {} } }] }, /a view set has an empty name/],
    ['a view set named with white space only', { viewSets: [{ name: ' \t', actions: { list: {} } }] }, /a view set has an empty name/],
    ['a record type whose name is not text', { resources: [{ ...thing(), key: recordType(42 as never) }] }, /a record type has an empty name/],
    [
      'a description that is not text',
      { resources: [thing([['2.0.0', new AddField({ fieldName: 'x', schema: { type: 'integer' }, description: 5 as never })]])] },
      /Thing transform AddField\(x\): its description is empty/,
    ],
    [
      'two view sets of one name',
      {
        viewSets: [
          { name: 'A', actions: { list: {} } },
          { name: 'A', actions: { list: {} } },
        ],
      },
      /view set A is declared twice/,
    ],
    ['a view set with no action', { viewSets: [{ name: 'A', actions: {} }] }, /A: it declares no action/],
    [
      'an endpoint window that starts after it ends',
      { viewSets: [{ name: 'A', ...window('2.9.0', '2.0.0'), actions: { list: {} } }] },
      /A: introducedIn 2\.9\.0 is after removedIn 2\.0\.0, so it is never available/,
    ],
    [
      'an action window that starts after it ends',
      { viewSets: [{ name: 'A', actions: { list: window('2.10.0', '2.9.0') } }] },
      /A\.list: introducedIn 2\.10\.0 is after removedIn 2\.9\.0/,
    ],
    [
      'an empty window in the exclusive reading',
      { removedIn: 'exclusive', viewSets: [{ name: 'A', actions: { list: window('2.0.0', '2.0.0') } }] },
      /A\.list: introducedIn 2\.0\.0 is not before removedIn 2\.0\.0/,
    ],
    [
      'an action outside its endpoint',
      { viewSets: [{ name: 'A', ...window('1.0.0', '2.0.0'), actions: { list: window('2.9.0') } }] },
      /A\.list: its window does not overlap the window of A, so it is never available/,
    ],
  ];
  for (const [label, changes, message] of cases) {
    const error = t.throws(() => build(changes), VersionModelError, label) as VersionModelError;
    t.match(error.message, message, `${label}: named`);
    t.equal(error.code, 'invalid_version_model', `${label}: stable code`);
  }
});

t.test('a one-version window is valid in the inclusive reading', async (t) => {
  const model = build({ viewSets: [{ name: 'A', actions: { list: { introducedIn: '2.0.0', removedIn: '2.0.0' } } }] });
  t.same(model.versions.filter((v) => model.isAvailable('A', 'list', v)).map(String), ['2.0.0']);
});

t.test('every problem of a declaration is listed at once', async (t) => {
  const error = t.throws(() =>
    build({
      resources: [thing([['1.0.0', new AddField({ fieldName: 'x', schema: { type: 'integer' }, description: ' ' })]])],
      viewSets: [{ name: 'A', introducedIn: '2.9.0', actions: { list: { introducedIn: '2.10.0', removedIn: '2.0.0' } } }],
    }),
  ) as VersionModelError;
  t.equal(error.problems.length, 4, 'four problems');
  t.match(error.message, /^The version model is invalid:\n- /);
  t.equal(error.message.split('\n- ').length, 5, 'each on a line of its own');
});

const addX = new AddField<{ id: number }>({ fieldName: 'x', schema: { type: 'integer' } });
/** Thing with an x added at `at`, its head's schema holding x. */
const thingGainingX = (at: string, transform: AddField<{ id: number }> = addX): TestResource => ({
  ...thing([[at, transform]]),
  schema: closedObject({ id: { type: 'integer' }, x: { type: 'integer' } }),
});

t.test('a record change must reach a route: one serving its record type at a version older than its own', async (t) => {
  const routedFrom = (introducedIn: string) => [{ name: 'ThingViewSet', introducedIn, actions: { list: {} } }];
  const reached = build({ resources: [thingGainingX('2.9.0')], viewSets: routedFrom('2.0.0') });
  t.same(reached.changelogEntry(Version.parse('2.9.0')).models.length, 1, 'served at 2.0.0, which the change of 2.9.0 downgrades to');
  const error = t.throws(() => build({ resources: [thingGainingX('2.0.0')], viewSets: routedFrom('2.0.0') }), VersionModelError);
  t.same((error as VersionModelError).problems, [
    'version 2.0.0: the change AddField(x) to Thing reaches no route: no view set serving Thing is available at a version it downgrades to (1.0.0); remove the change, or open a view set serving Thing at one of those versions',
  ]);
  const other = recordType<never>('Other');
  const elsewhere = t.throws(
    () =>
      build({
        resources: [thingGainingX('2.9.0'), { key: other, represent: () => ({}), schema: closedObject({}) }],
        viewSets: [
          { name: 'OtherViewSet', resource: other, actions: { list: {} } },
          { name: 'ThingViewSet', actions: { list: { introducedIn: '2.9.0' } } },
        ],
      }),
    VersionModelError,
  );
  t.same(
    (elsewhere as VersionModelError).problems,
    [
      'version 2.9.0: the change AddField(x) to Thing reaches no route: no view set serving Thing is available at a version it downgrades to (2.0.0 or 1.0.0); remove the change, or open a view set serving Thing at one of those versions',
    ],
    "another record type's routes, and an action opened at the change's own version, do not count",
  );
});

t.test('a change that reaches no route is listed with the other problems of the declaration', async (t) => {
  const error = t.throws(() =>
    build({
      resources: [thingGainingX('2.0.0', new AddField({ fieldName: 'x', schema: { type: 'integer' }, description: ' ' }))],
      viewSets: [
        { name: 'ThingViewSet', introducedIn: '2.0.0', actions: { list: {} } },
        { name: 'A', actions: {} },
      ],
    }),
  ) as VersionModelError;
  t.same(error.problems, [
    'Thing transform AddField(x): its description is empty; leave it out, or say what the change means beyond its schema',
    'A: it declares no action; declare list, retrieve or another',
    'version 2.0.0: the change AddField(x) to Thing reaches no route: no view set serving Thing is available at a version it downgrades to (1.0.0); remove the change, or open a view set serving Thing at one of those versions',
  ]);
});

t.test('asking about what was never declared is a programming error, not a 404', async (t) => {
  const model = build({});
  const latest = model.versions[0] as Version;
  t.throws(() => model.isAvailable('ThingViewSet', 'destroy', latest), /ThingViewSet\.destroy is not declared/);
  t.throws(() => model.isAvailable('Nope', 'list', latest), /Nope\.list is not declared/);
  const context = { version: latest, today };
  t.throws(() => model.represent(recordType<{ id: number }>('Other'), { id: 1 }, context), /record type Other is not declared/);
  t.throws(() => model.upgradeRequest(recordType('Other'), {}, context), /record type Other is not declared/);
  const foreign = Version.parse('9.0.0');
  t.throws(() => model.isAvailable('ThingViewSet', 'list', foreign), UnsupportedVersionError, 'a version the model does not support');
  t.throws(() => model.changelogEntry(foreign), UnsupportedVersionError);
});

t.test('a unit introduced by two versions is refused, naming both', async (t) => {
  const bundle = bundleOf(base);
  const twice = bundle.versions.map((change) =>
    change.version === '2.0.0' || change.version === '2.9.0' ? { ...change, views: [introduces('ThingViewSet', 'list')] } : change,
  );
  const error = t.throws(() => VersionModel.build({ ...bundle, versions: twice }, undefined), VersionModelError) as VersionModelError;
  t.same(error.problems, ['ThingViewSet.list is introduced by both 2.0.0 and 2.9.0; a unit is introduced once']);
});
