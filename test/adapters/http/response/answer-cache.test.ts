import t from 'tap';
import { AnswerCache } from '../../../../src/adapters/http/response/answer-cache.js';
import { CacheSizes } from '../../../../src/adapters/caching/cache-sizes.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import type { JsonValue, Representation } from '../../../../src/domain/versioning/representation.js';
import type { RequestContext } from '../../../../src/domain/versioning/request-context.js';
import { Version } from '../../../../src/domain/versioning/version.js';

interface Thing {
  readonly id: number;
  readonly name: string;
}

const DOGS = {};
const CATS = {};
const day = (text: string): CalendarDate => CalendarDate.parse(text) as CalendarDate;
const at = (version: string, today = '2026-11-22'): RequestContext => ({ version: Version.parse(version), today: day(today) });
const thing = (id: number, name = `Thing ${id}`): Thing => Object.freeze({ id, name });

/** A representation that names the version and day it was made for, counting its runs. */
function representer() {
  const made: string[] = [];
  const represent = (record: Thing, { version, today }: RequestContext): Representation => {
    made.push(`${record.id} ${version.toString()} ${today.toString()}`);
    return { id: record.id, name: record.name, at: `${version.toString()} ${today.toString()}` };
  };
  return { made, represent };
}

t.test('a frozen record at the same version on the same day is answered once: the same bytes, the same ETags', async (t) => {
  const { made, represent } = representer();
  const cache = new AnswerCache();
  const record = thing(1);
  const first = cache.for(DOGS).record(record, at('1.0.0'), represent);
  t.equal(first.text, JSON.stringify(represent(record, at('1.0.0'))), 'JSON.stringify of the representation');
  made.length = 0;
  t.equal(cache.for(DOGS).record(record, at('1.0.0'), represent), first, 'the same answer the second time');
  t.same(made, [], 'not represented again');
  t.equal(first.etag('1.0.0', ''), first.etag('1.0.0', ''), 'its ETag made once');
});

t.test('another version, another day, another record or another collection is answered anew', async (t) => {
  const { made, represent } = representer();
  const cache = new AnswerCache();
  const record = thing(1);
  const first = cache.for(DOGS).record(record, at('1.0.0'), represent);
  t.not(cache.for(DOGS).record(record, at('2.0.0'), represent), first, 'another version');
  t.equal(cache.for(DOGS).record(record, at('1.0.0'), represent), first, 'both versions kept on the same day');
  const nextDay = cache.for(DOGS).record(record, at('1.0.0', '2026-11-23'), represent);
  t.match(nextDay.text, /2026-11-23/, 'the next day: made for that day');
  t.not(cache.for(DOGS).record(record, at('2.0.0', '2026-11-23'), represent).text, first.text, 'and the day before is forgotten');
  t.not(cache.for(DOGS).record(thing(1), at('1.0.0', '2026-11-23'), represent), nextDay, 'an equal record that is another object: a new revision');
  t.not(cache.for(CATS).record(record, at('1.0.0', '2026-11-23'), represent), nextDay, 'another collection');
  t.equal(made.length, 6, 'each represented once');
});

t.test('a record that is not frozen may change, so it is answered anew every time', async (t) => {
  const { made, represent } = representer();
  const cache = new AnswerCache();
  const record = { id: 1, name: 'Rex' };
  const first = cache.for(DOGS).record(record, at('1.0.0'), represent);
  record.name = 'Max';
  const second = cache.for(DOGS).record(record, at('1.0.0'), represent);
  t.match(second.text, /Max/, 'the change is seen');
  t.not(second, first);
  t.equal(made.length, 2);
});

t.test('a page: the JSON array of its records, made again only when its records are other objects', async (t) => {
  const { made, represent } = representer();
  const cache = new AnswerCache();
  const records = [thing(1), thing(2), thing(3)];
  const page = cache.for(DOGS).page('limit=3', records, at('2.0.0'), represent);
  t.equal(page.text, JSON.stringify(records.map((record) => represent(record, at('2.0.0')))), 'what JSON.stringify of the array gives');
  made.length = 0;
  t.equal(cache.for(DOGS).page('limit=3', [...records], at('2.0.0'), represent), page, 'the same records again: the same answer');
  t.same(made, [], 'nothing represented');
  const changed = [records[0] as Thing, thing(2, 'Renamed'), records[2] as Thing];
  const next = cache.for(DOGS).page('limit=3', changed, at('2.0.0'), represent);
  t.match(next.text, /Renamed/, 'a record changed: the page made again');
  t.same(made, ['2 2.0.0 2026-11-22'], 'from the records kept, only the changed one represented');
  t.not(cache.for(DOGS).page('limit=2', records.slice(0, 2), at('2.0.0'), represent), next, 'another slice');
  const shorter = cache.for(DOGS).page('limit=3', changed.slice(0, 2), at('2.0.0'), represent);
  t.not(shorter, next, 'the same slice holding fewer records (the last page, some removed): made again');
  t.equal((JSON.parse(shorter.text) as unknown[]).length, 2);
  t.not(cache.for(DOGS).page('limit=3', changed, at('1.0.0'), represent), next, 'another version');
  t.not(cache.for(DOGS).page('limit=3', changed, at('2.0.0', '2026-11-23'), represent), next, 'another day');
  t.equal(cache.for(DOGS).page('limit=0', [], at('2.0.0'), represent).text, '[]', 'an empty page');
  const loose = [{ id: 9, name: 'Loose' }];
  t.not(
    cache.for(DOGS).page('limit=1', loose, at('2.0.0'), represent),
    cache.for(DOGS).page('limit=1', loose, at('2.0.0'), represent),
    'a record not frozen: never kept',
  );
});

t.test('bounded per collection; sizes of 0 keep nothing and answer the same bytes', async (t) => {
  const { made, represent } = representer();
  const cache = new AnswerCache(new CacheSizes(8, 2));
  const records = Array.from({ length: 40 }, (_, index) => thing(index + 1));
  for (const record of records) cache.for(DOGS).record(record, at('1.0.0'), represent);
  made.length = 0;
  for (const record of records) cache.for(DOGS).record(record, at('1.0.0'), represent);
  t.ok(made.length >= 40 - 2 * 8, `at most fewer than twice 8 kept: ${40 - made.length} were`);
  const none = new AnswerCache(new CacheSizes(0, 0));
  const record = records[0] as Thing;
  const one = none.for(DOGS).record(record, at('1.0.0'), represent);
  t.not(none.for(DOGS).record(record, at('1.0.0'), represent), one, 'a record: made anew');
  t.equal(none.for(DOGS).record(record, at('1.0.0'), represent).text, one.text, 'the same bytes');
  const page = none.for(DOGS).page('limit=2', records.slice(0, 2), at('1.0.0'), represent);
  t.not(none.for(DOGS).page('limit=2', records.slice(0, 2), at('1.0.0'), represent), page, 'a page: made anew');
  t.equal(none.for(DOGS).page('limit=2', records.slice(0, 2), at('1.0.0'), represent).text, page.text, 'the same bytes');
});

t.test('a cache size is a whole number, 0 or more', async (t) => {
  t.throws(() => new CacheSizes(-1), /a cache size is a whole number, not -1 \(answers\)/);
  t.throws(() => new CacheSizes(1, 1, 1.5), /not 1.5 \(acceptHeaders\)/);
  t.throws(() => new CacheSizes(1, 1, 1, 1, -2), /not -2 \(operationAnswers\)/);
  t.same({ ...new CacheSizes(0, 0, 0, 0, 0) }, { answers: 0, pages: 0, acceptHeaders: 0, rows: 0, operationAnswers: 0 });
});

t.test("a GET operation's answers: kept by target, version and day while the handler's value stays the same JSON", async (t) => {
  const made: string[] = [];
  const represent = (value: JsonValue, { version }: RequestContext): JsonValue => {
    made.push(`${JSON.stringify(value)} ${version.toString()}`);
    return { value, version: version.toString() };
  };
  const answers = new AnswerCache(new CacheSizes(1, 1, 1, 1, 4)).ofOperation();
  const first = answers.answer({ id: 'inv_1', n: 1 }, '/invoices/inv_1/', at('1.0.0'), represent);
  t.equal(first.text, '{"value":{"id":"inv_1","n":1},"version":"1.0.0"}', "JSON.stringify of the walk's result");
  t.equal(
    answers.answer({ id: 'inv_1', n: 1 }, '/invoices/inv_1/', at('1.0.0'), represent),
    first,
    'a fresh object of the same JSON: the same answer',
  );
  t.equal(made.length, 1, 'walked once');
  t.not(answers.answer({ id: 'inv_1', n: 2 }, '/invoices/inv_1/', at('1.0.0'), represent), first, 'another value: made anew');
  t.not(answers.answer({ id: 'inv_1', n: 2 }, '/invoices/inv_1/', at('2.0.0'), represent).text, first.text, 'another version');
  const twice = answers.answer({ id: 'inv_1', n: 2 }, '/invoices/inv_1/', at('1.0.0', '2026-11-23'), represent);
  t.equal(answers.answer({ id: 'inv_1', n: 2 }, '/invoices/inv_1/', at('1.0.0', '2026-11-23'), represent), twice, 'kept for its day');
  t.equal(
    answers.answer({ id: 'inv_1', n: 2 }, '/invoices/?status=open', at('1.0.0'), represent).text,
    twice.text,
    'another target: its own entry, the same bytes',
  );
  made.length = 0;
  const off = new AnswerCache(new CacheSizes(1, 1, 1, 1, 0)).ofOperation();
  const once = off.answer({ id: 'inv_1' }, '/invoices/inv_1/', at('1.0.0'), represent);
  t.not(off.answer({ id: 'inv_1' }, '/invoices/inv_1/', at('1.0.0'), represent), once, 'size 0: made anew each time');
  t.equal(off.answer({ id: 'inv_1' }, '/invoices/inv_1/', at('1.0.0'), represent).text, once.text, 'with the same bytes');
  t.equal(made.length, 3);
});
