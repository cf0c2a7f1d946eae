import t from 'tap';
import { keptJson, sameJson } from '../../../../src/adapters/http/response/same-json.js';
import type { JsonValue } from '../../../../src/domain/versioning/representation.js';

const kept = (value: unknown) => keptJson(JSON.parse(JSON.stringify(value)) as JsonValue);

t.test('the same JSON text: equal values, nested, in arrays, and numbers JSON writes alike', async (t) => {
  const invoice = { id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' }, lines: [1, 'two', null, true, { n: 3 }], amount: 1250 };
  t.ok(sameJson(invoice, kept(invoice)), 'a record with a nested record and an array');
  t.ok(sameJson({ ...invoice }, kept(invoice)), 'another object of the same keys and values');
  t.ok(sameJson(-0, kept(0)), '-0 is written 0');
  t.ok(sameJson('text', kept('text')));
  t.ok(sameJson(null, kept(null)));
  t.ok(sameJson([], kept([])));
  t.ok(sameJson({}, kept({})));
  t.ok(sameJson(Object.assign(Object.create(null) as object, { a: 1 }), kept({ a: 1 })), 'an object without a prototype is plain JSON too');
});

t.test('any difference JSON would show, or anything it would write otherwise, is not the same', async (t) => {
  const invoice = { id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' }, amount: 1250 };
  t.notOk(sameJson({ amount: 1250, id: 'inv_1', customer: { id: 'cus_ada', name: 'Ada' } }, kept(invoice)), 'keys in another order');
  t.notOk(sameJson({ ...invoice, paid: false }, kept(invoice)), 'a key more');
  t.notOk(sameJson({ id: 'inv_1', customer: invoice.customer, total: 1250 }, kept(invoice)), 'a key of another name');
  t.notOk(sameJson({ ...invoice, customer: { id: 'cus_ada', name: 'Grace' } }, kept(invoice)), 'a nested value');
  t.notOk(sameJson([1, 2], kept([1, 2, 3])), 'an array of another length');
  t.notOk(sameJson([1, 2], kept([1, 3])), 'an element');
  t.notOk(sameJson([1], kept({ 0: 1 })), 'an array and an object');
  t.notOk(sameJson({ 0: 1 }, kept([1])), 'an object and an array');
  t.notOk(sameJson({ a: null }, kept({ a: {} })), 'null and an object');
  t.notOk(sameJson({ a: {} }, kept({ a: null })), 'an object and null');
  t.notOk(sameJson(1, kept('1')), 'a number and a string');
  t.notOk(sameJson(Number.NaN, kept(null)), 'NaN, which JSON writes null');
  t.notOk(sameJson(Number.POSITIVE_INFINITY, kept(null)), 'Infinity');
  t.notOk(sameJson({ a: undefined }, kept({})), 'an undefined property, which JSON leaves out');
  t.notOk(sameJson({ a: () => 1 }, kept({})), 'a function');
  const date = new Date('2026-11-01T10:00:00Z');
  t.notOk(sameJson({ at: date }, kept({ at: date })), 'a Date, which JSON writes by its toJSON');
  t.notOk(sameJson({ toJSON: () => 'x' }, kept({})), 'any toJSON');
});

t.test('an object that inherits its keys, or of a class, is compared by its own keys as JSON writes them', async (t) => {
  const inherited = Object.assign(Object.create({ id: 'inv_1' }) as object, { amount: 1 });
  t.notOk(sameJson(inherited, kept({ id: 'inv_1', amount: 1 })), 'an inherited key JSON leaves out');
  t.ok(sameJson(inherited, kept({ amount: 1 })), 'its own keys alone');
  class Line {
    constructor(
      readonly n: number,
      readonly text: string,
    ) {}

    total(): number {
      return this.n;
    }
  }
  t.ok(sameJson(new Line(3, 'x'), kept({ n: 3, text: 'x' })), "a class's fields, not its methods");
  t.notOk(sameJson(new Line(3, 'x'), kept({ n: 3 })), 'a key more');
  t.notOk(sameJson(new Line(3, 'x'), kept({ text: 'x', n: 3 })), 'keys in another order');
  t.notOk(sameJson(new Line(4, 'x'), kept({ n: 3, text: 'x' })), 'a value');
  t.notOk(sameJson({ id: 'inv_1' }, kept({ id: 'inv_1', amount: 1 })), 'a key fewer');
});
