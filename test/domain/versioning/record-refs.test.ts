import t from 'tap';
import type { JsonSchema } from '../../../src/domain/versioning/json-schema.js';
import {
  fieldRefOf,
  fieldRefTo,
  refName,
  refPositions,
  refTo,
  replaceAt,
  SCHEMAS_POINTER,
  stepText,
} from '../../../src/domain/versioning/record-refs.js';

const placesIn = (schema: JsonSchema) => refPositions(schema).map(({ path, name }) => `${path.map(stepText).join('')} ${name}`);

t.test('a $ref to a record type names it; one into a type, to one of its fields, does not', async (t) => {
  t.equal(SCHEMAS_POINTER, '#/components/schemas/');
  t.same(refTo('Customer'), { $ref: '#/components/schemas/Customer' }, 'where the documents keep the schemas');
  t.equal(refName(refTo('Customer')), 'Customer');
  t.equal(refName({ $ref: 'Customer' }), undefined, 'a bare name is no $ref to a record type');
  t.equal(refName(fieldRefTo('Customer', 'id')), undefined, 'a $ref to a field is no $ref to its type');
  t.equal(refName([]), undefined);
  t.equal(refName({ $ref: 7 }), undefined);
  t.equal(refName(null), undefined);
});

t.test('a $ref to a field of a record type, its name escaped as a JSON Pointer, and read back', async (t) => {
  t.same(fieldRefTo('Customer', 'display_name'), { $ref: '#/components/schemas/Customer/properties/display_name' });
  t.same(fieldRefTo('Customer', 'a/b~c'), { $ref: '#/components/schemas/Customer/properties/a~1b~0c' }, '~ then / escaped');
  t.same(fieldRefOf(fieldRefTo('Customer', 'display_name')), { name: 'Customer', field: 'display_name' });
  t.same(fieldRefOf(fieldRefTo('Customer', 'a/b~c')), { name: 'Customer', field: 'a/b~c' }, 'unescaped');
  t.same(fieldRefOf(fieldRefTo('Customer', 'a~1')), { name: 'Customer', field: 'a~1' }, 'an escape in the name itself');
  const cases: [string, unknown][] = [
    ['a $ref to the type', refTo('Customer')],
    ['a $ref to a field of a field', { $ref: `${SCHEMAS_POINTER}Customer/properties/address/properties/city` }],
    ['a $ref to a field of a path', { $ref: `${SCHEMAS_POINTER}api/Customer/properties/city` }],
    ['a $ref elsewhere', { $ref: '#/$defs/Customer/properties/city' }],
    ['no $ref', { type: 'string' }],
    ['no schema', undefined],
  ];
  for (const [what, schema] of cases) t.equal(fieldRefOf(schema as JsonSchema), undefined, what);
});

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
  t.same(placesIn(schema), ['.customer Customer', '.lines[] Line', '.notes{} Note', '.payer Customer', '.twice Line']);
  t.same(placesIn({ anyOf: [refTo('Customer'), refTo('Supplier')] }), [' Customer', ' Supplier'], 'two types at one place: both');
  t.same(
    placesIn({ properties: { a: { anyOf: [{ items: refTo('Line') }, { additionalProperties: refTo('Line') }] } } }),
    ['.a[] Line', '.a{} Line'],
    'one type at two places of one length: both',
  );
  t.same(
    placesIn({ anyOf: [{ properties: { a: refTo('Line') } }, { properties: { a: { items: refTo('Line') } } }] }),
    ['.a Line', '.a[] Line'],
    'one type at a place and deeper under it: both',
  );
  t.same(refPositions(true as unknown as JsonSchema), [], 'a boolean schema holds none');
});

t.test('past 64 levels a schema is not walked, whichever way it nests', async (t) => {
  const nest = (levels: number, wrap: (inner: JsonSchema) => JsonSchema): JsonSchema => {
    let schema = refTo('Deep');
    for (let level = 0; level < levels; level += 1) schema = wrap(schema);
    return schema;
  };
  const ways: [string, (inner: JsonSchema) => JsonSchema][] = [
    ['properties', (inner) => ({ type: 'object', properties: { inner } })],
    ['items', (inner) => ({ type: 'array', items: inner })],
    ["a map's values", (inner) => ({ type: 'object', additionalProperties: inner })],
    ['branches', (inner) => ({ anyOf: [inner, { type: 'null' }] })],
  ];
  for (const [way, wrap] of ways) {
    t.equal(refPositions(nest(64, wrap)).length, 1, `${way}: 64 levels deep, found`);
    t.same(refPositions(nest(65, wrap)), [], `${way}: 65 levels deep, not walked`);
  }
});

t.test('replaceAt copies along the path only where something changed', async (t) => {
  const upper = (value: unknown) => ({ ...(value as object), name: 'X' });
  const data = { customer: { name: 'a' }, lines: [{ name: 'b' }, 3], notes: { one: { name: 'c' }, two: 4 }, none: null };
  const changed = replaceAt(data, [{ property: 'customer' }], 0, upper) as typeof data;
  t.same(changed.customer, { name: 'X' });
  t.equal(changed.lines, data.lines, 'the rest is shared');
  t.same(replaceAt(data, [{ property: 'lines' }, 'items'], 0, upper), { ...data, lines: [{ name: 'X' }, 3] }, 'each item; a number is left');
  t.same(
    replaceAt(data, [{ property: 'notes' }, 'values'], 0, upper),
    { ...data, notes: { one: { name: 'X' }, two: 4 } },
    "each of a map's values; a number is kept",
  );
  t.equal(replaceAt(data, [{ property: 'missing' }], 0, upper), data, 'a missing property: the same object');
  t.equal(replaceAt(data, [{ property: '__proto__' }], 0, upper), data, 'a property only inherited: the same object');
  t.equal(replaceAt(data, [{ property: 'none' }], 0, upper), data, 'a null: left');
  t.equal(replaceAt(data, [{ property: 'customer' }, 'items'], 0, upper), data, 'items of what is no array: left');
  const arrayLike = { length: 1, 0: { name: 'a' } };
  t.equal(replaceAt(arrayLike, ['items'], 0, upper), arrayLike, 'items of an object with a length: left');
  t.equal(replaceAt(data, [{ property: 'lines' }, 'values'], 0, upper), data, 'values of an array: left');
  t.equal(replaceAt(7, [{ property: 'x' }], 0, upper), 7, 'a property of a number: left');
  const same = (value: unknown) => value as never;
  t.equal(replaceAt(data, [{ property: 'lines' }, 'items'], 0, same), data, 'nothing changed: the same object');
  t.equal(replaceAt(data, [{ property: 'notes' }, 'values'], 0, same), data);
});
