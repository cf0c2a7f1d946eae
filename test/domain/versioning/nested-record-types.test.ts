import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import type { JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import { recordType, type DeclaredRecordType } from '../../../src/domain/versioning/record-type.js';
import { RenameField } from '../../../src/domain/versioning/rename-field.js';
import { Version } from '../../../src/domain/versioning/version.js';
import type { VersionBundle } from '../../../src/domain/versioning/version-bundle.js';
import { defineVersion, recordChange } from '../../../src/domain/versioning/version-declaration.js';
import { VersionModelError } from '../../../src/domain/versioning/version-model-error.js';
import { VersionModel } from '../../../src/domain/versioning/version-model.js';

// A team's own record types, a customer nested in each invoice, as a version model takes them: the view set serves
// invoices and notes, so the customer's changes reach a client inside an invoice only.

const STRING: JsonSchema = { type: 'string' };
const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const context = (version: string) => ({ version: Version.parse(version), today });

const CUSTOMER = recordType('Customer', {
  type: 'object',
  properties: { id: STRING, display_name: STRING, created: STRING },
  required: ['id', 'display_name', 'created'],
  additionalProperties: false,
});

function invoiceType(extra: Record<string, DeclaredRecordType> = {}): DeclaredRecordType {
  return recordType('Invoice', {
    type: 'object',
    properties: { id: STRING, customer: CUSTOMER, total: { type: 'integer' }, note: STRING, created: STRING, ...extra },
    required: ['id', 'customer', 'total', 'note', 'created'],
    additionalProperties: false,
  });
}
const INVOICE = invoiceType();
const NOTE = recordType('Note', { type: 'object', properties: { text: STRING }, required: ['text'], additionalProperties: false });

const addTotal = new AddField({ fieldName: 'total', schema: { type: 'integer' } });
const addNote = new AddField({ fieldName: 'note', schema: STRING });
const addCreated = new AddField({ fieldName: 'created', schema: STRING });
const rename = new RenameField({ from: 'name', to: 'display_name' });

function bundle(invoice: DeclaredRecordType, heads: readonly DeclaredRecordType[]): VersionBundle<undefined> {
  return {
    versions: [
      defineVersion<undefined>('3.0.0', { notes: [], records: () => [recordChange(CUSTOMER, rename)] }),
      // Three changes of the invoice at one version, one of them shared with the customer.
      defineVersion<undefined>('2.0.0', {
        notes: [],
        records: () => [recordChange(invoice, addTotal), recordChange(invoice, addNote), recordChange([invoice, CUSTOMER], addCreated)],
      }),
      defineVersion<undefined>('1.0.0', { notes: [] }),
    ],
    heads,
    viewSets: [{ name: 'InvoiceViewSet', recordTypes: [invoice, NOTE], actions: ['list'] }],
  };
}

// Built in each test, so a build that throws fails that test.
const built = () => VersionModel.build(bundle(INVOICE, [INVOICE, CUSTOMER, NOTE]), undefined);
const invoice = {
  id: 'inv_1',
  customer: { id: 'cus_1', display_name: 'Ada', created: '2026-11-01' },
  total: 5,
  note: 'n',
  created: '2026-11-02',
};
const at2 = { ...invoice, customer: { id: 'cus_1', name: 'Ada', created: '2026-11-01' } };
const at1 = { id: 'inv_1', customer: { id: 'cus_1', name: 'Ada' } };
const PAGE: JsonSchema = { type: 'object', properties: { data: { type: 'array', items: INVOICE.ref }, count: { type: 'integer' } } };

t.test('one change of two record types is a change of each', async (t) => {
  t.strictSame(recordChange([INVOICE, CUSTOMER], addCreated), [
    { recordType: INVOICE, transform: addCreated },
    { recordType: CUSTOMER, transform: addCreated },
  ]);
});

t.test('a record is represented with the types nested in it walked back, every change of a version run', async (t) => {
  const model = built();
  t.same(model.represent(INVOICE, invoice, context('3.0.0')), invoice, 'the newest: as it is');
  t.same(model.represent(INVOICE, invoice, context('2.0.0')), at2, "the customer's rename, inside the invoice");
  t.same(model.represent(INVOICE, invoice, context('1.0.0')), at1, 'and the three changes of 2.0.0, the shared one in both');
  t.same(model.schemaOf(INVOICE, Version.parse('1.0.0')).required, ['id', 'customer']);
  t.same(model.upgradeRequest(INVOICE, at1, context('1.0.0')), { id: 'inv_1', customer: { id: 'cus_1', display_name: 'Ada' } });
  t.same(
    model.changelog.map(({ models }) => models),
    [
      ['Customer.name: renamed display_name, string'],
      ['Invoice.created: added, string', 'Invoice.note: added, string', 'Invoice.total: added, integer', 'Customer.created: added, string'],
      [],
    ],
  );
});

t.test("a value of a body's own schema: each record type it holds walked where it appears, down and up", async (t) => {
  const model = built();
  t.same([...model.typesIn(PAGE)].sort(), ['Customer', 'Invoice'], 'the types it holds, at any depth');
  t.same([...model.typesIn({ type: 'object', properties: { count: { type: 'integer' } } })], [], 'none');
  t.same(model.representValue(PAGE, { data: [invoice], count: 1 }, context('1.0.0')), { data: [at1], count: 1 });
  t.same(model.representValue(PAGE, { data: [invoice], count: 1 }, context('3.0.0')), { data: [invoice], count: 1 });
  t.same(model.upgradeValue(PAGE, { data: [at2], count: 1 }, context('2.0.0')), { data: [invoice], count: 1 });
});

t.test('a record type nested in another that refers to a type the bundle does not declare refuses the build, naming both', async (t) => {
  const ghost = recordType('Ghost', { type: 'object', properties: {}, required: [], additionalProperties: false });
  const haunted = invoiceType({ ghost });
  t.throws(() => VersionModel.build(bundle(haunted, [haunted, CUSTOMER, NOTE]), undefined), VersionModelError);
  t.throws(
    () => VersionModel.build(bundle(haunted, [haunted, CUSTOMER, NOTE]), undefined),
    /^- Invoice: its schema refers to Ghost, which is no declared record type; declare it, or write its schema in place$/m,
  );
  t.doesNotThrow(() => VersionModel.build(bundle(haunted, [haunted, CUSTOMER, NOTE, ghost]), undefined), 'declared: built');
});
