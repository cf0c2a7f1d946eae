import t from 'tap';
import { catalogue, catalogueEntry, refusal } from '../../../src/domain/errors/refusal.js';

t.test('a refusal of one code: its code, status, message, detail and headers, and the catalogue says the same', async (t) => {
  class GoneFishing extends refusal('test_gone_fishing', 503, {
    message: 'Gone fishing.',
    detail: 'Unavailable.',
    headers: { 'Retry-After': '60' },
  }) {}
  const gone = new GoneFishing();
  t.equal(gone.code, 'test_gone_fishing');
  t.equal(gone.status, 503);
  t.equal(gone.message, 'Gone fishing.', 'the fixed message');
  t.equal(gone.detail, 'Unavailable.', 'what a client reads instead');
  t.same(gone.headers, { 'Retry-After': '60' });
  t.equal(gone.name, 'GoneFishing', 'named by its class');
  t.equal(gone.stack, 'GoneFishing: Gone fishing.', 'no stack trace captured');
  t.equal(new GoneFishing('Gone sailing.').message, 'Gone sailing.', 'a constructor may name another message');
  t.same(catalogueEntry('test_gone_fishing'), { status: 503, headers: { 'Retry-After': '60' } });

  class Plain extends refusal('test_plain', 400) {}
  const plain = new Plain('Bad thing.');
  t.equal(plain.detail, 'Bad thing.', 'the detail is the message unless it says less');
  t.equal(plain.headers, undefined, 'no headers unless it says');
  t.same(catalogueEntry('test_plain'), { status: 400 }, 'no headers key in the catalogue either');
  t.equal(new Plain().message, '', 'no fixed message: empty');
});

t.test('codes of one class entered at once, each with its status; a code is declared once', async (t) => {
  const statuses = catalogue({ test_one: 406, test_two: 400 }, { Connection: 'close' });
  t.same(statuses, { test_one: 406, test_two: 400 }, 'what it is given, for the class to read');
  t.same(catalogueEntry('test_two'), { status: 400, headers: { Connection: 'close' } });
  t.throws(() => catalogue({ test_one: 404 }), /the refusal code "test_one" is declared twice/);
  t.throws(() => refusal('test_two', 404), /the refusal code "test_two" is declared twice/);
  t.equal(catalogueEntry('test_none'), undefined, 'a code no refusal declares');
});
