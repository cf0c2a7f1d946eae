import t from 'tap';
import { REFERENCE_API } from '../../../../src/reference-api.js';
import { PublishedContracts } from '../../../../src/adapters/http/openapi/published-contracts.js';
import { FixedClock } from '../../../../src/adapters/clock/fixed-clock.js';
import { DescribeRecords } from '../../../../src/application/use-cases/describe-records.js';
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { closedObject } from '../../../../src/domain/versioning/json-schema.js';
import { recordType } from '../../../../src/domain/versioning/record-type.js';
import type { Transform } from '../../../../src/domain/versioning/transform.js';
import { VersionModelError } from '../../../../src/domain/versioning/version-model-error.js';
import { VersionModel } from '../../../../src/domain/versioning/version-model.js';
import { withField } from '../../../../src/domain/versioning/with-field.js';
import { bundleOf, type TestResource } from '../../../fixtures/bundle-of.js';

interface Pet {
  readonly id: number;
}
const PET = recordType<Pet>('Pet');
const clock = new FixedClock(CalendarDate.parse('2026-11-22') as CalendarDate);

/** Says it only changes a format, but its data gains a field its schema does not. */
const AddsUndeclaredField: Transform<Pet> = {
  description: 'the id format changed',
  downgradeResponse: (data) => withField(data, 'legs', 4),
  downgradeSchema: (schema) => schema,
};

function contractsOf(resource: Partial<TestResource>): PublishedContracts {
  const model = VersionModel.build(
    bundleOf({
      versions: ['1.0.0', '2.0.0', '3.0.0'].map((version) => ({ version, notes: [`notes of ${version}`] })),
      resources: [
        { key: PET, represent: (pet: Pet) => ({ id: pet.id }), schema: closedObject({ id: { type: 'integer' } }), transforms: [], ...resource },
      ],
      viewSets: [{ name: 'PetViewSet', actions: { list: {} } }],
    }),
    undefined,
  );
  return new PublishedContracts([], new DescribeRecords(model, clock), model.changelog, REFERENCE_API.info, undefined);
}

t.test('a change whose data and schema disagree refuses the start, naming the version and the change above it', async (t) => {
  const error = t.throws(
    () => contractsOf({ example: { id: 1 }, transforms: [['2.0.0', AddsUndeclaredField]] }),
    VersionModelError,
  ) as VersionModelError;
  t.match(error.message, /Pet at 1\.0\.0: the example in this version's shape does not match its schema \(Pet must NOT have additional properties\)/);
  t.match(error.message, /the changes of 2\.0\.0 \(the id format changed\) change the data and the schema differently/);
});

t.test('a head whose example does not match its own schema refuses the start', async (t) => {
  const error = t.throws(() => contractsOf({ example: { id: 1 }, represent: () => ({ id: 'one' }) }), VersionModelError) as VersionModelError;
  t.match(error.message, /Pet at 3\.0\.0: the head's example does not match the head's schema \(Pet\/id must be integer\)/);
});

t.test('without an example nothing is checked; every version has a document, and no other', async (t) => {
  const contracts = contractsOf({ transforms: [['2.0.0', AddsUndeclaredField]] });
  t.same(
    contracts.versions.map(({ version, notes }) => [version, notes]),
    [
      ['3.0.0', ['notes of 3.0.0']],
      ['2.0.0', ['notes of 2.0.0']],
      ['1.0.0', ['notes of 1.0.0']],
    ],
  );
  t.equal((contracts.document('2.0.0')?.info as { version: string }).version, '2.0.0');
  t.equal(contracts.document('9.9.9'), undefined);
  t.ok(Object.isFrozen(contracts.document('1.0.0')), 'frozen');
});

t.test('the reference history: every example matches at every version, in both modes', async (t) => {
  for (const ageRemoval of ['computed', 'placeholder'] as const) {
    const model = buildReferenceModel({ ageRemoval });
    t.doesNotThrow(() => new PublishedContracts([], new DescribeRecords(model, clock), model.changelog, REFERENCE_API.info, undefined), ageRemoval);
  }
});

t.test('an example missing a required field, or no object where the schema wants one, refuses the start in Ajv words', async (t) => {
  const missing = t.throws(() => contractsOf({ example: {}, represent: () => ({}) }), VersionModelError) as VersionModelError;
  t.match(missing.message, /Pet at 3\.0\.0: the head's example does not match the head's schema \(Pet must have required property 'id'\)/);
  t.ok(contractsOf({ example: { id: 1 }, schema: { type: 'object', properties: { id: { type: 'integer' } } } }), 'a schema that requires nothing');
  const notObject = t.throws(() => contractsOf({ example: 7, represent: () => 7 as never }), VersionModelError) as VersionModelError;
  t.match(notObject.message, /Pet at 3\.0\.0: the head's example does not match the head's schema \(Pet must be object\)/);
});
