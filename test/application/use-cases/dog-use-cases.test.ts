import t from 'tap';
import { PageRequest } from '../../../src/application/paging/page-request.js';
import { ListRecords } from '../../../src/application/use-cases/list-records.js';
import { RetrieveRecord } from '../../../src/application/use-cases/retrieve-record.js';
import { DOG, DOGGIE_VIEW_SET } from '../../../src/domain/api-history/heads/dog-collection.js';
import { answered, applicationParts, TODAY } from '../../fixtures/application.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { NotFoundError } from '../../../src/application/errors/refusals.js';

const BIKO = { id: 1, name: 'Biko', birthday: '2014-05-06' };

t.test('retrieve a dog at every version, shaped for it', async (t) => {
  const { model, dogs } = applicationParts();
  const retrieve = new RetrieveRecord(model, model, dogs, DOGGIE_VIEW_SET, DOG);
  const rows: [string, unknown][] = [
    ['2.0.0', BIKO],
    ['2.1.0', { ...BIKO, age: 12 }],
    ['3.0.0', { ...BIKO, age: { human_years: 12, dog_years: 84 } }],
    ['4.0.0', BIKO],
    ['5.0.0', BIKO],
  ];
  for (const [version, shape] of rows)
    t.same(await retrieve.execute({ version: Version.parse(version), today: TODAY, id: '1' }), shape, `at ${version}`);
});

t.test('retrieve: hidden before 2.0.0, then unknown or malformed ids find nothing, in that order', async (t) => {
  const { model, dogs } = applicationParts();
  const retrieve = new RetrieveRecord(model, model, dogs, DOGGIE_VIEW_SET, DOG);
  const cases: [string, string, 'hidden' | 'no_record'][] = [
    ['1.0.0', '1', 'hidden'],
    ['1.0.0', 'abc', 'hidden'],
    ['2.0.0', '99', 'no_record'],
    ['2.0.0', '0', 'no_record'],
    ['2.0.0', '-1', 'no_record'],
    ['2.0.0', 'abc', 'no_record'],
    ['2.0.0', '1.0', 'no_record'],
    ['2.0.0', '99999999999999999999', 'no_record'],
  ];
  for (const [version, id, reason] of cases) {
    const refusal = await retrieve.execute({ version: Version.parse(version), today: TODAY, id });
    t.type(refusal, NotFoundError, `${id} at ${version}`);
    t.equal((refusal as NotFoundError).reason, reason, `${id} at ${version}: ${reason}`);
  }
});

t.test('list dogs: every version, a page in id order, each item shaped, with the total', async (t) => {
  const { model, dogs } = applicationParts({ ageRemoval: 'placeholder' }, 5);
  const list = new ListRecords(model, model, dogs, DOGGIE_VIEW_SET, DOG);
  const page = answered(await list.execute({ version: Version.parse('2.1.0'), today: TODAY, page: { limit: 2, offset: 1 } }));
  t.same(page.items, [
    { id: 2, name: 'Dog 2', birthday: '2014-05-06', age: -1 },
    { id: 3, name: 'Dog 3', birthday: '2014-05-06', age: -1 },
  ]);
  t.equal(page.total, 5, 'total of the collection');
  t.same(page.request, PageRequest.of(2, 1), 'the page asked for');
  for (const version of ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0', '5.0.0']) {
    t.equal(
      answered(await list.execute({ version: Version.parse(version), today: TODAY, page: { limit: 100, offset: 0 } })).items.length,
      5,
      `available at ${version}`,
    );
  }
});
