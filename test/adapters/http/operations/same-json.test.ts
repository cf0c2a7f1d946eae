import t from 'tap';
import { sameJson } from '../../../../src/adapters/http/operations/same-json.js';
import type { JsonValue } from '../../../../src/domain/versioning/representation.js';

const kept = (value: unknown): JsonValue => JSON.parse(JSON.stringify(value)) as JsonValue;

t.test('the same JSON text: equal values, nested, in arrays, and numbers JSON writes alike', async (t) => {
  const invoice = { id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' }, lines: [1, 'two', null, true, { n: 3 }], amount: 1250 };
  t.ok(sameJson(invoice, kept(invoice)), 'a record with a nested record and an array');
  t.ok(sameJson({ ...invoice }, kept(invoice)), 'another object of the same keys and values');
  t.ok(sameJson(-0, 0), '-0 is written 0');
  t.ok(sameJson('text', 'text'));
  t.ok(sameJson(null, null));
  t.ok(sameJson([], []));
  t.ok(sameJson({}, {}));
  t.ok(sameJson(Object.assign(Object.create(null) as object, { a: 1 }), { a: 1 }), 'an object without a prototype is plain JSON too');
});

t.test('any difference JSON would show, or anything it would write otherwise, is not the same', async (t) => {
  const invoice = { id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' }, amount: 1250 };
  t.notOk(sameJson({ amount: 1250, id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' } }, kept(invoice)), 'keys in another order');
  t.notOk(sameJson({ ...invoice, paid: false }, kept(invoice)), 'a key more');
  t.notOk(sameJson({ id: 'inv_1', customer: invoice.customer, total: 1250 }, kept(invoice)), 'a key of another name');
  t.notOk(sameJson({ ...invoice, customer: { id: 'cus_ada', name: 'Grace' } }, kept(invoice)), 'a nested value');
  t.notOk(sameJson([1, 2], [1, 2, 3]), 'an array of another length');
  t.notOk(sameJson([1, 2], [1, 3]), 'an element');
  t.notOk(sameJson([1], { 0: 1 }), 'an array and an object');
  t.notOk(sameJson({ 0: 1 }, [1]), 'an object and an array');
  t.notOk(sameJson({ a: null }, { a: {} }), 'null and an object');
  t.notOk(sameJson({ a: {} }, { a: null }), 'an object and null');
  t.notOk(sameJson(1, '1'), 'a number and a string');
  t.notOk(sameJson(Number.NaN, null), 'NaN, which JSON writes null');
  t.notOk(sameJson(Number.POSITIVE_INFINITY, null), 'Infinity');
  t.notOk(sameJson({ a: undefined }, {}), 'an undefined property, which JSON leaves out');
  t.notOk(sameJson({ a: () => 1 }, {}), 'a function');
  const date = new Date('2026-11-01T10:00:00Z');
  t.notOk(sameJson({ at: date }, kept({ at: date })), 'a Date, which JSON writes by its toJSON');
  t.notOk(sameJson({ toJSON: () => 'x' }, {}), 'any toJSON');
});
