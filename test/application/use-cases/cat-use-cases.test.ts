import t from 'tap';
import { ListRecords } from '../../../src/application/use-cases/list-records.js';
import { RetrieveRecord } from '../../../src/application/use-cases/retrieve-record.js';
import { CAT, CAT_VIEW_SET } from '../../../src/domain/api-history/heads/cat-collection.js';
import { answered, applicationParts, TODAY } from '../../fixtures/application.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { InvalidPageError, NotFoundError } from '../../../src/application/errors/refusals.js';

const ALL = ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0', '5.0.0'];

async function availability(run: (version: string) => unknown): Promise<string[]> {
  const available: string[] = [];
  for (const version of ALL) {
    const outcome = await run(version);
    if (outcome instanceof NotFoundError && outcome.reason === 'hidden') continue;
    answered(outcome);
    available.push(version);
  }
  return available;
}

t.test('cat windows: endpoint 1.0.0 to 5.0.0, retrieve from 3.0.0, list until 4.0.0', async (t) => {
  for (const [removedIn, retrieveAt, listAt] of [
    ['inclusive', ['3.0.0', '4.0.0', '5.0.0'], ['1.0.0', '2.0.0', '2.1.0', '3.0.0', '4.0.0']],
    ['exclusive', ['3.0.0', '4.0.0'], ['1.0.0', '2.0.0', '2.1.0', '3.0.0']],
  ] as const) {
    const { model, cats } = applicationParts({ removedIn });
    const retrieve = new RetrieveRecord(model, model, cats, CAT_VIEW_SET, CAT);
    const list = new ListRecords(model, model, cats, CAT_VIEW_SET, CAT);
    t.same(await availability((v) => retrieve.execute({ version: Version.parse(v), today: TODAY, id: '1' })), retrieveAt, `${removedIn}: retrieve`);
    t.same(
      await availability((v) => list.execute({ version: Version.parse(v), today: TODAY, page: { limit: 10, offset: 0 } })),
      listAt,
      `${removedIn}: list`,
    );
  }
});

t.test('a cat is its id and name', async (t) => {
  const { model, cats } = applicationParts();
  t.same(await new RetrieveRecord(model, model, cats, CAT_VIEW_SET, CAT).execute({ version: Version.parse('3.0.0'), today: TODAY, id: '2' }), {
    id: 2,
    name: 'Cat 2',
  });
  const page = answered(
    await new ListRecords(model, model, cats, CAT_VIEW_SET, CAT).execute({
      version: Version.parse('1.0.0'),
      today: TODAY,
      page: { limit: 10, offset: 0 },
    }),
  );
  t.same(page.items, [
    { id: 1, name: 'Cat 1' },
    { id: 2, name: 'Cat 2' },
  ]);
});

t.test('a hidden list is a 404 whatever its page query; a visible one checks the query', async (t) => {
  const { model, cats } = applicationParts();
  const list = new ListRecords(model, model, cats, CAT_VIEW_SET, CAT);
  t.type(await list.execute({ version: Version.parse('5.0.0'), today: TODAY, page: { limit: '0' } }), NotFoundError, 'hidden first');
  t.type(await list.execute({ version: Version.parse('4.0.0'), today: TODAY, page: { limit: '0' } }), InvalidPageError, 'then the query');
  t.equal(answered(await list.execute({ version: Version.parse('4.0.0'), today: TODAY })).request.limit, 100, 'no query: the default page');
});
