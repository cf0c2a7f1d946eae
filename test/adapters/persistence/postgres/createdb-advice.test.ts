import t from 'tap';
import { createdbAdvice } from '../../../fixtures/postgres/test-database.js';

// Needs no database: the message the PostgreSQL suites fail with when the role of DATABASE_URL lacks CREATEDB.
t.test('a role without CREATEDB: the suites say it needs CREATEDB, and how to grant it', async (t) => {
  const advice = createdbAdvice('postgres://api%20user:secret@db.internal:5432/scratch');
  t.match(advice, 'need a role that may create databases');
  t.match(advice, `ALTER ROLE "api user" CREATEDB;`, 'the statement to run, with the role');
  t.notMatch(advice, 'secret', 'no password');
});
