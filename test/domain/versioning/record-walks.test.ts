import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { requestForm, selfContained } from '../../../src/domain/versioning/body-schema.js';
import { closedObject, type JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import { refTo } from '../../../src/domain/versioning/record-refs.js';
import { RecordTimeline } from '../../../src/domain/versioning/record-timeline.js';
import { RecordWalks } from '../../../src/domain/versioning/record-walks.js';
import type { Transform } from '../../../src/domain/versioning/transform.js';
import type { TypeHistory } from '../../../src/domain/versioning/type-history.js';
import { isDeclaredRecordType, recordType, withNestedTypes } from '../../../src/domain/versioning/record-type.js';
import { RenameField } from '../../../src/domain/versioning/rename-field.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { Version } from '../../../src/domain/versioning/version.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const v = (text: string) => Version.parse(text);
const context = (version: string) => ({ version: v(version), today });

const CUSTOMER_HEAD = closedObject({ id: { type: 'string' }, display_name: { type: 'string' } });
const rename = new RenameField({ from: 'name', to: 'display_name' });
const addTotal = new AddField({ fieldName: 'total', schema: { type: 'integer' } });
const VERSIONS = ['3.0.0', '2.0.0', '1.0.0'].map(v);

function histories(): TypeHistory[] {
  const invoiceHead = closedObject({
    id: { type: 'string' },
    customer: refTo('Customer'),
    lines: { type: 'array', items: refTo('Customer') },
    total: { type: 'integer' },
  });
  return [
    {
      name: 'Customer',
      head: CUSTOMER_HEAD,
      steps: [{ version: v('3.0.0'), transforms: [rename], before: rename.downgradeSchema(CUSTOMER_HEAD) }],
    },
    {
      name: 'Invoice',
      head: invoiceHead,
      steps: [{ version: v('2.0.0'), transforms: [addTotal], before: addTotal.downgradeSchema(invoiceHead) }],
    },
  ];
}

t.test('each type walked version by version wherever it appears, down and up', async (t) => {
  const walks = new RecordWalks(VERSIONS, histories());
  const invoice = { id: 'inv_1', customer: { id: 'c', display_name: 'Ada' }, lines: [{ id: 'c', display_name: 'Ada' }], total: 5 };
  t.same(walks.ofType('Invoice', v('3.0.0')).down(invoice, context('3.0.0'), invoice), invoice, 'the newest: as it is');
  t.same(walks.ofType('Invoice', v('3.0.0')).flat, [], 'nothing to run');
  const at2 = walks.ofType('Invoice', v('2.0.0'));
  t.equal(at2.flat, undefined, 'a nested type changes: not flat');
  t.same(at2.down(invoice, context('2.0.0'), invoice), { ...invoice, customer: { id: 'c', name: 'Ada' }, lines: [{ id: 'c', name: 'Ada' }] });
  const at1 = walks.ofType('Invoice', v('1.0.0'));
  const old = { id: 'inv_1', customer: { id: 'c', name: 'Ada' }, lines: [{ id: 'c', name: 'Ada' }] };
  t.same(at1.down(invoice, context('1.0.0'), invoice), old, 'both changes');
  t.same(
    at1.up(old, context('1.0.0')),
    { id: 'inv_1', customer: { id: 'c', display_name: 'Ada' }, lines: [{ id: 'c', display_name: 'Ada' }] },
    'and back up',
  );
  t.equal(walks.ofType('Invoice', v('1.0.0')), at1, 'made once');
  const customer = walks.ofType('Customer', v('1.0.0'));
  t.same(customer.flat, [rename], 'a type with no nested change: its own transforms');
  t.same(customer.down({ id: 'c', display_name: 'A' }, context('1.0.0'), {}), { id: 'c', name: 'A' });
  t.same(customer.up({ id: 'c', name: 'A' }, context('1.0.0')), { id: 'c', display_name: 'A' });
  const body: JsonSchema = { type: 'object', properties: { data: { type: 'array', items: refTo('Invoice') } } };
  t.same(walks.ofSchema(body, v('1.0.0')).down({ data: [invoice] }, context('1.0.0'), undefined), { data: [old] }, 'a body of its own');
  t.same(walks.ofSchema(body, v('1.0.0')).up({ data: [old] }, context('1.0.0')), {
    data: [{ ...old, customer: { id: 'c', display_name: 'Ada' }, lines: [{ id: 'c', display_name: 'Ada' }] }],
  });
  t.same([...walks.reachableFrom(body)], ['Invoice', 'Customer']);
  t.same(walks.schemaAt('Customer', v('2.0.0')), rename.downgradeSchema(CUSTOMER_HEAD));
  t.throws(() => walks.ofType('Customer', v('9.0.0')), /9\.0\.0 is not in the history/);
});

t.test('a type nested in itself (a tree) walks every level', async (t) => {
  const head = closedObject({ name: { type: 'string' }, children: { type: 'array', items: refTo('Node') } });
  const renameLabel = new RenameField({ from: 'label', to: 'name' });
  const walks = new RecordWalks(VERSIONS, [
    {
      name: 'Node',
      head,
      steps: [{ version: v('2.0.0'), transforms: [renameLabel], before: renameLabel.downgradeSchema(head) }],
    },
  ]);
  const tree = { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] };
  const old = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', children: [] }] }] };
  t.same(walks.ofType('Node', v('1.0.0')).down(tree, context('1.0.0'), tree), old);
  t.same(walks.ofType('Node', v('1.0.0')).up(old, context('1.0.0')), tree);
  t.same([...walks.reachableFrom(refTo('Node'))], ['Node']);
});

t.test('a body of its own is walked once per schema and version, past versions where nothing it holds changes', async (t) => {
  const walks = new RecordWalks(VERSIONS, histories());
  const body: JsonSchema = { type: 'object', properties: { customer: refTo('Customer') } };
  const at1 = walks.ofSchema(body, v('1.0.0'));
  t.same(at1.down({ customer: { id: 'c', display_name: 'Ada' } }, context('1.0.0'), undefined), { customer: { id: 'c', name: 'Ada' } });
  t.same(at1.up({ customer: { id: 'c', name: 'Ada' } }, context('1.0.0')), { customer: { id: 'c', display_name: 'Ada' } });
  const at2 = walks.ofSchema(body, v('2.0.0'));
  t.equal(walks.ofSchema(body, v('1.0.0')), at1, 'made once');
  t.equal(walks.ofSchema(body, v('2.0.0')), at2, 'made once for each version');
});

t.test('a type changes where a type it holds changes, at any depth, whatever order the types come in', async (t) => {
  const walks = new RecordWalks(VERSIONS, [
    { name: 'Order', head: closedObject({ invoice: refTo('Invoice') }), steps: [] },
    { name: 'Invoice', head: closedObject({ customer: refTo('Customer'), line: refTo('Line') }), steps: [] },
    { name: 'Line', head: closedObject({ sku: { type: 'string' } }), steps: [] },
    { name: 'Customer', head: CUSTOMER_HEAD, steps: [{ version: v('3.0.0'), transforms: [rename], before: rename.downgradeSchema(CUSTOMER_HEAD) }] },
  ]);
  const invoice = { customer: { id: 'c', display_name: 'Ada' }, line: { sku: 's' } };
  const oldInvoice = { customer: { id: 'c', name: 'Ada' }, line: { sku: 's' } };
  t.same(walks.ofType('Invoice', v('2.0.0')).down(invoice, context('2.0.0'), invoice), oldInvoice, 'one of the two types it holds changes');
  t.same(walks.ofType('Order', v('2.0.0')).down({ invoice }, context('2.0.0'), {}), { invoice: oldInvoice }, 'two levels down');
  t.same(walks.ofType('Order', v('2.0.0')).up({ invoice: oldInvoice }, context('2.0.0')), { invoice });
});

t.test('a type whose nested types do not change at a version stays flat there', async (t) => {
  const invoiceHead = closedObject({ customer: refTo('Customer'), total: { type: 'integer' } });
  const walks = new RecordWalks(VERSIONS, [
    { name: 'Invoice', head: invoiceHead, steps: [{ version: v('3.0.0'), transforms: [addTotal], before: addTotal.downgradeSchema(invoiceHead) }] },
    { name: 'Customer', head: CUSTOMER_HEAD, steps: [{ version: v('2.0.0'), transforms: [rename], before: rename.downgradeSchema(CUSTOMER_HEAD) }] },
  ]);
  t.same(walks.ofType('Invoice', v('2.0.0')).flat, [addTotal], "3.0.0: the invoice's own change only");
  t.equal(walks.ofType('Invoice', v('1.0.0')).flat, undefined, '2.0.0 too: the customer changes there');
});

t.test("on the way up a nested type's changes run oldest version first", async (t) => {
  const renameLabel = new RenameField({ from: 'label', to: 'name' });
  const at3 = rename.downgradeSchema(CUSTOMER_HEAD);
  const walks = new RecordWalks(VERSIONS, [
    { name: 'Invoice', head: closedObject({ customer: refTo('Customer') }), steps: [] },
    {
      name: 'Customer',
      head: CUSTOMER_HEAD,
      steps: [
        { version: v('3.0.0'), transforms: [rename], before: at3 },
        { version: v('2.0.0'), transforms: [renameLabel], before: renameLabel.downgradeSchema(at3) },
      ],
    },
  ]);
  const walk = walks.ofType('Invoice', v('1.0.0'));
  const invoice = { customer: { id: 'c', display_name: 'Ada' } };
  t.same(walk.down(invoice, context('1.0.0'), invoice), { customer: { id: 'c', label: 'Ada' } });
  t.same(walk.up({ customer: { id: 'c', label: 'Ada' } }, context('1.0.0')), invoice, 'label to name, then name to display_name');
});

t.test("within one version a type's own changes upgrade oldest declared first, passing by those that upgrade nothing", async (t) => {
  const toTitle = new RenameField({ from: 'name', to: 'title' });
  const toName = new RenameField({ from: 'label', to: 'name' });
  const noUpgrade: Transform<unknown> = { description: 'no upgrade', downgradeResponse: (data) => data, downgradeSchema: (schema) => schema };
  const head = closedObject({ customer: refTo('Customer'), title: { type: 'string' } });
  const walks = new RecordWalks(VERSIONS, [
    {
      name: 'Invoice',
      head,
      // In the order they downgrade: declared label → name, then name → title.
      steps: [{ version: v('2.0.0'), transforms: [noUpgrade, toTitle, toName], before: toName.downgradeSchema(toTitle.downgradeSchema(head)) }],
    },
    { name: 'Customer', head: CUSTOMER_HEAD, steps: [{ version: v('3.0.0'), transforms: [rename], before: rename.downgradeSchema(CUSTOMER_HEAD) }] },
  ]);
  const walk = walks.ofType('Invoice', v('1.0.0'));
  t.equal(walk.flat, undefined, 'a nested type changes: not flat');
  const invoice = { customer: { id: 'c', display_name: 'Ada' }, title: 'T' };
  const old = { customer: { id: 'c', name: 'Ada' }, label: 'T' };
  t.same(walk.down(invoice, context('1.0.0'), invoice), old);
  t.same(walk.up(old, context('1.0.0')), invoice);
});

t.test("the timeline: a schema's places of the history's types, read once; past the oldest version nothing changes", async (t) => {
  const timeline = new RecordTimeline(VERSIONS, histories());
  const body: JsonSchema = { type: 'object', properties: { customer: refTo('Customer'), other: refTo('Stranger') } };
  const places = timeline.positionsOf(body);
  t.same(
    places.map(({ name }) => name),
    ['Customer'],
    'a type outside the history: no place',
  );
  t.equal(timeline.positionsOf(body), places, 'read once');
  t.ok(timeline.changesAt(0, 'Customer') && timeline.changesAt(0, 'Invoice'), '3.0.0: the customer, and the invoice holding one');
  t.notOk(timeline.changesAt(1, 'Customer'), '2.0.0: not the customer');
  t.notOk(timeline.changesAt(3, 'Customer'), 'past the oldest: nothing');
  t.same(timeline.schemaAt('Customer', 3), rename.downgradeSchema(CUSTOMER_HEAD), "one past the oldest: the oldest's schema");
});

t.test('declared record types: their schemas with $refs, the nested ones found once', async (t) => {
  const customer = recordType('Customer', CUSTOMER_HEAD, { example: { id: 'c', display_name: 'A' } });
  const invoice = recordType('Invoice', {
    type: 'object',
    properties: { customer, payers: { type: 'array', items: [customer] }, note: { type: ['string', 'null'], default: null } },
  });
  t.ok(isDeclaredRecordType(customer));
  t.notOk(isDeclaredRecordType(recordType('Dog')));
  t.notOk(isDeclaredRecordType(null));
  t.notOk(isDeclaredRecordType(undefined));
  t.equal(customer.key, customer);
  t.strictSame(
    invoice.schema,
    {
      type: 'object',
      properties: {
        customer: refTo('Customer'),
        payers: { type: 'array', items: [refTo('Customer')] },
        note: { type: ['string', 'null'], default: null },
      },
    },
    'arrays stay arrays, a null stays null',
  );
  t.same(invoice.nested, [customer]);
  t.same(withNestedTypes([invoice, customer]), [invoice, customer]);
  t.same(customer.represent({ id: 'c' }), { id: 'c' });
  t.same(customer.field('display_name'), { $ref: '#/components/schemas/Customer/properties/display_name' }, 'a $ref to one of its fields');
});

t.test('a body schema as a validator takes it: $defs for its types, read-only fields refused', async (t) => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      customer: refTo('Customer'),
      payer: { anyOf: [refTo('Customer'), { type: 'null' }] },
      tags: { type: 'array', items: [{ type: 'string' }] },
      list: 'x',
    },
    required: ['id', 'customer'],
  };
  t.strictSame(
    selfContained(schema, ['Customer'], () => CUSTOMER_HEAD),
    {
      ...schema,
      properties: {
        ...(schema.properties as object),
        customer: { $ref: '#/$defs/Customer' },
        payer: { anyOf: [{ $ref: '#/$defs/Customer' }, { type: 'null' }] },
      },
      $defs: { Customer: CUSTOMER_HEAD },
    },
    'arrays stay arrays',
  );
  t.strictSame(requestForm(schema), {
    type: 'object',
    properties: {
      id: false,
      customer: refTo('Customer'),
      payer: { anyOf: [refTo('Customer'), { type: 'null' }] },
      tags: { type: 'array', items: [{ type: 'string' }] },
      list: 'x',
    },
    required: ['customer'],
  });
  t.same(requestForm({ properties: 3 }), { properties: 3 }, 'properties that are no object: left');
  const lines: JsonSchema = {
    type: 'array',
    items: { type: 'object', properties: { id: { type: 'string', readOnly: true }, cents: { type: 'integer' } }, required: ['id', 'cents'] },
  };
  t.strictSame(
    requestForm(lines),
    { type: 'array', items: { type: 'object', properties: { id: false, cents: { type: 'integer' } }, required: ['cents'] } },
    'a read-only field of the items too',
  );
  const owned = { type: 'object', properties: { id: { type: 'string', readOnly: true } }, required: ['id'] };
  t.strictSame(
    requestForm({ oneOf: [owned, { type: 'null' }] }),
    { oneOf: [{ type: 'object', properties: { id: false }, required: [] }, { type: 'null' }] },
    'and of each branch',
  );
  t.strictSame(
    requestForm({ type: 'object', properties: { id: { type: 'string', readOnly: true } } }),
    { type: 'object', properties: { id: false } },
    'no required list: none added',
  );
});

t.test('a run of added fields is dropped in one copy, in the order the transforms would give', async (t) => {
  const head = closedObject({ id: { type: 'integer' }, a: { type: 'integer' }, b: { type: 'integer' }, c: { type: 'integer' } });
  const [addA, addB, addC] = ['a', 'b', 'c'].map((fieldName) => new AddField({ fieldName, schema: { type: 'integer' } }));
  const four = ['4.0.0', '3.0.0', '2.0.0', '1.0.0'].map(v);
  const walks = new RecordWalks(four, [
    {
      name: 'Thing',
      head,
      steps: [
        { version: v('4.0.0'), transforms: [addC as AddField], before: (addC as AddField).downgradeSchema(head) },
        { version: v('3.0.0'), transforms: [addB as AddField, rename], before: head },
        { version: v('2.0.0'), transforms: [addA as AddField], before: head },
      ],
    },
  ]);
  const walk = walks.ofType('Thing', v('1.0.0'));
  t.equal(walk.flat?.length, 3, 'c and b as one, the rename, a alone');
  t.same(walk.down({ id: 1, a: 1, b: 2, c: 3, display_name: 'x' }, context('1.0.0'), {}), { id: 1, name: 'x' });
  const bare = { id: 1 };
  t.equal(walk.down(bare, context('1.0.0'), {}), bare, 'nothing to drop: the same object');
  t.same(walk.up({ id: 1, name: 'x' }, context('1.0.0')), { id: 1, display_name: 'x' }, 'input needs nothing of added fields');
});
