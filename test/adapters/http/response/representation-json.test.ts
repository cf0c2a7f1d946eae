import t from 'tap';
import { RepresentationJson } from '../../../../src/adapters/http/response/representation-json.js';
import type { Representation } from '../../../../src/domain/versioning/representation.js';
import { deepFreeze } from '../../../../src/domain/versioning/deep-freeze.js';

const samples: Representation[] = [
  { id: 1, name: 'Biko', birthday: '2014-05-06' },
  { id: 2, name: 'Quote " and \\ backslash \u2028', age: { human_years: 3, dog_years: 21 } },
  { id: 3, tags: ['a', 'b'], nothing: null, yes: true },
];

t.test('one and array write what JSON.stringify writes, frozen or not', async (t) => {
  const json = new RepresentationJson();
  for (const [index, sample] of [...samples, ...samples.map((sample) => deepFreeze(structuredClone(sample)))].entries()) {
    t.equal(json.one(sample).text, JSON.stringify(sample), `one: sample ${index}`);
  }
  t.equal(json.array(samples).text, JSON.stringify(samples), 'an array');
  t.equal(json.array(samples.map((sample) => deepFreeze(structuredClone(sample)))).text, JSON.stringify(samples), 'an array of frozen ones');
  t.equal(json.array([samples[0] as Representation]).text, JSON.stringify([samples[0]]), 'an array of one');
  t.equal(json.array([]).text, '[]', 'an empty array');
});

t.test('a frozen representation is serialized once; one that is not frozen every time, so a change to it shows', async (t) => {
  const json = new RepresentationJson();
  const frozen = deepFreeze({ id: 1, name: 'Biko' });
  const first = json.one(frozen).text;
  t.equal(json.one(frozen).text, first, 'the same text');
  const open: { id: number; name: string } = { id: 1, name: 'Biko' };
  t.equal(json.one(open).text, '{"id":1,"name":"Biko"}', 'before the change');
  open.name = 'Rex';
  t.equal(json.one(open).text, '{"id":1,"name":"Rex"}', 'after it');
  t.equal(json.array([open, frozen]).text, '[{"id":1,"name":"Rex"},{"id":1,"name":"Biko"}]', 'in an array too');
});

t.test('a frozen array is serialized once when its items are frozen, every time when one is not', async (t) => {
  const json = new RepresentationJson();
  const page = Object.freeze([deepFreeze({ id: 1 }), deepFreeze({ id: 2 })]);
  t.equal(json.array(page), json.array(page), 'the same JsonText');
  t.equal(json.one(page[0] as Representation), json.one(page[0] as Representation), 'and the same for each item');
  const open: { id: number } = { id: 3 };
  const mixed = Object.freeze([deepFreeze({ id: 1 }), open]);
  t.equal(json.array(mixed).text, '[{"id":1},{"id":3}]', 'before the change');
  open.id = 4;
  t.equal(json.array(mixed).text, '[{"id":1},{"id":4}]', 'after it');
});

t.test('the bytes of a text are its UTF-8, made once', async (t) => {
  const json = new RepresentationJson();
  const text = json.one(deepFreeze({ name: 'Zoë 🐕' }));
  t.same(text.bytes, Buffer.from('{"name":"Zoë 🐕"}'), 'UTF-8');
  t.equal(text.bytes, text.bytes, 'the same Buffer');
});
