import t from 'tap';
import { DOGS } from '../../../src/domain/api-history/heads/dog-collection.js';
import { RECORD_ID_SCHEMA, viewSetOf } from '../../../src/domain/versioning/record-collection.js';

t.test("a collection's view set: its reads, then the writes it takes, in the order of WRITE_ACTIONS", async (t) => {
  t.same(viewSetOf(DOGS).actions, ['list', 'retrieve'], 'no writes: reads only');
  t.same(viewSetOf({ ...DOGS, writes: [] }).actions, ['list', 'retrieve']);
  t.same(viewSetOf({ ...DOGS, writes: ['update'] }).actions, ['list', 'retrieve', 'update']);
  t.same(viewSetOf({ ...DOGS, writes: ['update', 'create'] }).actions, ['list', 'retrieve', 'create', 'update']);
  t.equal(viewSetOf(DOGS).name, DOGS.viewSet);
  t.same(viewSetOf(DOGS).recordTypes, [DOGS.head.key]);
});

t.test("a collection's record id, as its storage gives them: a whole number from 1", async (t) => {
  t.same(RECORD_ID_SCHEMA, {
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: "The record's id: a whole number from 1, unique among records of its kind.",
    examples: [1],
  });
});
