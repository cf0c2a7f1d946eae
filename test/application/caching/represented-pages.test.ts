import t from 'tap';
import { RepresentedPages } from '../../../src/application/caching/represented-pages.js';
import { PageRequest } from '../../../src/application/paging/page-request.js';
import { CalendarDate } from '../../../src/domain/records/calendar-date.js';
import type { Representation } from '../../../src/domain/versioning/representation.js';
import { Version } from '../../../src/domain/versioning/version.js';

interface Item {
  id: number;
}

const day = (text: string): CalendarDate => CalendarDate.parse(text) as CalendarDate;
const TODAY = day('2026-11-22');
const frozen = (...ids: number[]): Item[] => ids.map((id) => Object.freeze({ id }));

function counting() {
  const calls: number[] = [];
  return { calls, represent: (record: Item): Representation => (calls.push(record.id), { id: record.id }) };
}

t.test('the same frozen records for the same page, version and day give the same items, represented once', async (t) => {
  const pages = new RepresentedPages();
  const { calls, represent } = counting();
  const records = frozen(1, 2, 3);
  const first = pages.items(Version.parse('2.1.0'), PageRequest.of(3, 0), TODAY, records, represent);
  t.same(first, [{ id: 1 }, { id: 2 }, { id: 3 }], 'the items');
  t.ok(Object.isFrozen(first), 'frozen, as it is shared');
  t.equal(pages.items(Version.parse('2.1.0'), PageRequest.of(3, 0), day('2026-11-22'), [...records], represent), first, 'the same array again');
  t.same(calls, [1, 2, 3], 'each record represented once');
});

t.test('anything different is represented anew', async (t) => {
  const pages = new RepresentedPages();
  const { calls, represent } = counting();
  const records = frozen(1, 2);
  const version = Version.parse('2.1.0');
  const first = pages.items(version, PageRequest.of(2, 0), TODAY, records, represent);
  const cases: [string, () => readonly Representation[]][] = [
    ['another version', () => pages.items(Version.parse('3.0.0'), PageRequest.of(2, 0), TODAY, records, represent)],
    ['another offset', () => pages.items(version, PageRequest.of(2, 1), TODAY, records, represent)],
    ['another limit', () => pages.items(version, PageRequest.of(3, 0), TODAY, records, represent)],
    ['a cursor', () => pages.items(version, PageRequest.after(1, 2), TODAY, records, represent)],
    ['equal records that are other objects', () => pages.items(version, PageRequest.of(2, 0), TODAY, frozen(1, 2), represent)],
    ['fewer records', () => pages.items(version, PageRequest.of(2, 0), TODAY, records.slice(0, 1), represent)],
    ['another day', () => pages.items(version, PageRequest.of(2, 0), day('2026-11-23'), records, represent)],
  ];
  for (const [what, run] of cases) {
    const before = calls.length;
    t.not(run(), first, `${what}: another array`);
    t.ok(calls.length > before, `${what}: represented`);
  }
});

t.test('a page holding a record that is not frozen is represented every time, and not frozen', async (t) => {
  const pages = new RepresentedPages();
  const { calls, represent } = counting();
  const open: Item = { id: 2 };
  const records = [...frozen(1), open];
  const first = pages.items(Version.parse('2.1.0'), PageRequest.of(2, 0), TODAY, records, represent);
  open.id = 3;
  const second = pages.items(Version.parse('2.1.0'), PageRequest.of(2, 0), TODAY, records, represent);
  t.same(second, [{ id: 1 }, { id: 3 }], 'the change shows');
  t.same(calls, [1, 2, 1, 3], 'represented both times');
  t.notOk(Object.isFrozen(first), 'not frozen');
});

t.test('at most about twice its capacity of pages is remembered', async (t) => {
  const pages = new RepresentedPages(2);
  const { calls, represent } = counting();
  const records = frozen(1);
  for (let offset = 0; offset < 10; offset += 1) pages.items(Version.parse('2.1.0'), PageRequest.of(1, offset), TODAY, records, represent);
  t.equal(calls.length, 10, 'ten pages');
  pages.items(Version.parse('2.1.0'), PageRequest.of(1, 0), TODAY, records, represent);
  t.equal(calls.length, 11, 'the first one was forgotten');
});

t.test('records that are not objects, or null, are never remembered', async (t) => {
  const pages = new RepresentedPages();
  let calls = 0;
  const represent = (record: unknown): Representation => ((calls += 1), { value: String(record) });
  for (const records of [[1, 2], [null], ['a']] as unknown[][]) {
    pages.items(Version.parse('2.1.0'), PageRequest.of(2, 0), TODAY, records, represent);
    pages.items(Version.parse('2.1.0'), PageRequest.of(2, 0), TODAY, records, represent);
  }
  t.equal(calls, 8, 'every record represented both times');
});
