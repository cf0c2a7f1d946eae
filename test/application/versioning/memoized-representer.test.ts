import t from 'tap';
import { MemoizedRepresenter } from '../../../src/application/versioning/memoized-representer.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { closedObject, type JsonSchema, withProperty } from '../../../src/domain/versioning/json-schema.js';
import type { Representation } from '../../../src/domain/versioning/representation.js';
import type { RequestContext } from '../../../src/domain/versioning/request-context.js';
import { resourceKey } from '../../../src/domain/versioning/resource-key.js';
import type { Transform } from '../../../src/domain/versioning/transform.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';
import { withField } from '../../../src/domain/versioning/with-field.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { bundleOf } from '../../fixtures/bundle-of.js';
import { UnsupportedVersionError } from '../../../src/domain/versioning/refusals.js';

interface Thing {
  readonly id: number;
}

const THING = resourceKey<Thing>('Thing');

/** 2.0.0 dropped `seen`, the day the record was shown; it counts its runs so a test can tell a memo from a recomputation. */
class DropSeen implements Transform<Thing> {
  runs = 0;

  downgradeResponse(data: Representation, context: RequestContext): Representation {
    this.runs += 1;
    return withField(data, 'seen', { on: context.today.toString() });
  }

  downgradeSchema(schema: JsonSchema): JsonSchema {
    return withProperty(schema, 'seen', closedObject({ on: { type: 'string', format: 'date' } }));
  }
}

function parts(recordsPerResource?: number) {
  const dropSeen = new DropSeen();
  const model = VersionModel.build(
    bundleOf({
      versions: [
        { version: '1.0.0', notes: ['first'] },
        { version: '2.0.0', notes: ['second'] },
      ],
      resources: [
        {
          key: THING,
          represent: (thing: Thing) => ({ id: thing.id }),
          schema: closedObject({ id: { type: 'integer' } }),
          transforms: [['2.0.0', dropSeen]],
        },
      ],
      viewSets: [{ name: 'ThingViewSet', actions: { list: {}, retrieve: { introducedIn: '2.0.0' } } }],
    }),
    undefined,
  );
  return { model, dropSeen, policy: new MemoizedRepresenter(model, recordsPerResource) };
}

const day = (text: string): CalendarDate => CalendarDate.parse(text) as CalendarDate;
const thing = (id: number): Thing => Object.freeze({ id });

t.test('a frozen record at the same version on the same day is represented once, then the same object is given', async (t) => {
  const { model, dropSeen, policy } = parts();
  const record = thing(1);
  const context = { version: Version.parse('1.0.0'), today: day('2026-11-22') };
  const first = policy.represent(THING, record, context);
  t.same(first, { id: 1, seen: { on: '2026-11-22' } }, 'what the model gives');
  t.same(first, model.represent(THING, record, context), 'the same as the model, field for field');
  t.equal(policy.represent(THING, record, { ...context }), first, 'the same object the second time');
  t.equal(dropSeen.runs, 2, 'the transform ran for the model call and the first memo call only');
  t.ok(Object.isFrozen(first) && Object.isFrozen(first.seen), 'shared, so frozen all the way down');
});

t.test('another version, another day or another record is represented anew', async (t) => {
  const { dropSeen, policy } = parts();
  const record = thing(1);
  const old = policy.represent(THING, record, { version: Version.parse('1.0.0'), today: day('2026-11-22') });
  t.same(policy.represent(THING, record, { version: Version.parse('2.0.0'), today: day('2026-11-22') }), { id: 1 }, 'the newest version');
  const nextDay = policy.represent(THING, record, { version: Version.parse('1.0.0'), today: day('2026-11-23') });
  t.same(nextDay, { id: 1, seen: { on: '2026-11-23' } }, 'the next day: computed for that day');
  t.not(nextDay, old, 'a new object');
  t.same(
    policy.represent(THING, thing(1), { version: Version.parse('1.0.0'), today: day('2026-11-23') }),
    nextDay,
    'an equal record that is another object',
  );
  t.equal(dropSeen.runs, 3, 'one run per (record object, version, day) that needs the transform');
});

t.test('a record that is not frozen could change, so it is represented every time, and the result is not frozen', async (t) => {
  const { dropSeen, policy } = parts();
  const record: { id: number } = { id: 7 };
  const context = { version: Version.parse('1.0.0'), today: day('2026-11-22') };
  const first = policy.represent(THING, record, context);
  record.id = 8;
  t.same(policy.represent(THING, record, context), { id: 8, seen: { on: '2026-11-22' } }, 'the change shows');
  t.equal(dropSeen.runs, 2, 'two runs');
  t.notOk(Object.isFrozen(first), 'not frozen');
});

t.test('at most about twice recordsPerResource records are remembered', async (t) => {
  const { dropSeen, policy } = parts(2);
  const context = { version: Version.parse('1.0.0'), today: day('2026-11-22') };
  const records = Array.from({ length: 10 }, (_, index) => thing(index + 1));
  for (const record of records) policy.represent(THING, record, context);
  t.equal(dropSeen.runs, 10, 'each once');
  policy.represent(THING, records[9] as Thing, context);
  t.equal(dropSeen.runs, 10, 'the last one is remembered');
  policy.represent(THING, records[0] as Thing, context);
  t.equal(dropSeen.runs, 11, 'the first one was forgotten');
});

t.test('an unsupported version fails as it does in the model, and nothing is remembered for it', async (t) => {
  const { policy } = parts();
  const foreign = Version.parse('9.0.0');
  t.throws(() => policy.represent(THING, thing(1), { version: foreign, today: day('2026-11-22') }), UnsupportedVersionError);
});
