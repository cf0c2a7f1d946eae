import t from 'tap';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import { requestForm, selfContained } from '../../../src/domain/versioning/body-schema.js';
import { closedObject, type JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import { refName, refPositions, refTo, replaceAt, stepText } from '../../../src/domain/versioning/record-refs.js';
import { RecordWalks } from '../../../src/domain/versioning/record-walks.js';
import type { TypeHistory } from '../../../src/domain/versioning/type-history.js';
import { isDeclaredRecordType, recordType, withNestedTypes } from '../../../src/domain/versioning/record-type.js';
import { RenameField } from '../../../src/domain/versioning/rename-field.js';
import { AddField } from '../../../src/domain/versioning/add-field.js';
import { Version } from '../../../src/domain/versioning/version.js';

const today = CalendarDate.parse('2026-11-22') as CalendarDate;
const v = (text: string) => Version.parse(text);
const context = (version: string) => ({ version: v(version), today });

t.test('the places of record types in a schema: properties, items, a map, a nullable branch; each once; nothing inside a type', async (t) => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      customer: refTo('Customer'),
      lines: { type: 'array', items: refTo('Line') },
      notes: { type: 'object', additionalProperties: refTo('Note') },
      payer: { anyOf: [refTo('Customer'), { type: 'null' }] },
      twice: { oneOf: [refTo('Line'), refTo('Line')] },
      other: { $ref: '#/$defs/Else' },
      plain: { type: 'string' },
    },
  };
  t.same(
    refPositions(schema).map(({ path, name }) => `${path.map(stepText).join('')} ${name}`),
    ['.customer Customer', '.lines[] Line', '.notes{} Note', '.payer Customer', '.twice Line'],
  );
  t.same(refPositions(true as unknown as JsonSchema), [], 'a boolean schema holds none');
  let deep: JsonSchema = refTo('Deep');
  for (let depth = 0; depth < 80; depth += 1) deep = { type: 'object', properties: { inner: deep } };
  t.same(refPositions(deep), [], 'past 64 levels a schema is not walked');
  t.equal(refName(refTo('Customer')), 'Customer');
  t.equal(refName([]), undefined);
  t.equal(refName({ $ref: 7 }), undefined);
  t.equal(refName(null), undefined);
});

t.test('replaceAt copies along the path only where something changed', async (t) => {
  const upper = (value: unknown) => ({ ...(value as object), name: 'X' });
  const data = { customer: { name: 'a' }, lines: [{ name: 'b' }, 3], notes: { one: { name: 'c' } }, none: null };
  const changed = replaceAt(data, [{ property: 'customer' }], 0, upper) as typeof data;
  t.same(changed.customer, { name: 'X' });
  t.equal(changed.lines, data.lines, 'the rest is shared');
  t.same(replaceAt(data, [{ property: 'lines' }, 'items'], 0, upper), { ...data, lines: [{ name: 'X' }, 3] }, 'each item; a number is left');
  t.same(replaceAt(data, [{ property: 'notes' }, 'values'], 0, upper), { ...data, notes: { one: { name: 'X' } } }, "each of a map's values");
  t.equal(replaceAt(data, [{ property: 'missing' }], 0, upper), data, 'a missing property: the same object');
  t.equal(replaceAt(data, [{ property: 'none' }], 0, upper), data, 'a null: left');
  t.equal(replaceAt(data, [{ property: 'customer' }, 'items'], 0, upper), data, 'items of what is no array: left');
  t.equal(replaceAt(data, [{ property: 'lines' }, 'values'], 0, upper), data, 'values of an array: left');
  t.equal(replaceAt(7, [{ property: 'x' }], 0, upper), 7, 'a property of a number: left');
  const same = (value: unknown) => value as never;
  t.equal(replaceAt(data, [{ property: 'lines' }, 'items'], 0, same), data, 'nothing changed: the same object');
  t.equal(replaceAt(data, [{ property: 'notes' }, 'values'], 0, same), data);
});

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

t.test('declared record types: their schemas with $refs, the nested ones found once', async (t) => {
  const customer = recordType('Customer', CUSTOMER_HEAD, { example: { id: 'c', display_name: 'A' } });
  const invoice = recordType('Invoice', { type: 'object', properties: { customer, payers: { type: 'array', items: [customer] } } });
  t.ok(isDeclaredRecordType(customer));
  t.notOk(isDeclaredRecordType(recordType('Dog')));
  t.notOk(isDeclaredRecordType(null));
  t.equal(customer.key, customer);
  t.same(invoice.schema, { type: 'object', properties: { customer: refTo('Customer'), payers: { type: 'array', items: [refTo('Customer')] } } });
  t.same(invoice.nested, [customer]);
  t.same(withNestedTypes([invoice, customer]), [invoice, customer]);
  t.same(customer.represent({ id: 'c' }), { id: 'c' });
});

t.test('a body schema as a validator takes it: $defs for its types, read-only fields refused', async (t) => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      customer: refTo('Customer'),
      tags: { type: 'array', items: [{ type: 'string' }] },
      list: 'x',
    },
    required: ['id', 'customer'],
  };
  t.same(
    selfContained(schema, ['Customer'], () => CUSTOMER_HEAD),
    {
      ...schema,
      properties: { ...(schema.properties as object), customer: { $ref: '#/$defs/Customer' } },
      $defs: { Customer: CUSTOMER_HEAD },
    },
  );
  t.same(requestForm(schema), {
    type: 'object',
    properties: { id: false, customer: refTo('Customer'), tags: { type: 'array', items: [{ type: 'string' }] }, list: 'x' },
    required: ['customer'],
  });
  t.same(requestForm({ properties: 3 }), { properties: 3 }, 'properties that are no object: left');
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
