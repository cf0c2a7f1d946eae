import t from 'tap';
import type { FoundLayout, FoundRelation } from '../../../../src/adapters/persistence/postgres/found-layout.js';
import { migrationPlan, type CountingStatements } from '../../../../src/adapters/persistence/postgres/migration-plan.js';
import { layerTablesOf } from '../../../../src/adapters/persistence/postgres/postgres-schema.js';
import { REFERENCE_TABLES } from '../../../fixtures/postgres/reference-tables.js';

// The plan alone, on layouts written out: what a start runs for each database it may find, and what refuses it.

const SQL: CountingStatements = {
  countRowsSource: 'source',
  createCountRows: 'make count_rows',
  countingOf: (table) => [`count ${table}`],
};
const TABLES = layerTablesOf(REFERENCE_TABLES);
const RECORDS = ['dogs', 'cats'];
const LAYER = 'version_aware_api';

/** A relation of the layer's shape for `name`, in `schema`, with the triggers given. */
function relation(schema: string, name: string, triggers: readonly string[] = [], overrides: Partial<FoundRelation> = {}): FoundRelation {
  const table = TABLES.find((layer) => layer.name === name);
  if (table === undefined) throw new Error(`no layer table ${name}`);
  return { schema, name, kind: 'r', columns: table.columns, primaryKey: table.primaryKey, triggers, ...overrides };
}
const countedBy = (table: string, fn: string): string[] => ['insert', 'delete', 'truncate'].map((event) => `${table}_count_${event} ${fn}`);
const everyTable = (schema: string, fn: string): FoundRelation[] =>
  TABLES.map((table) => relation(schema, table.name, RECORDS.includes(table.name) ? countedBy(table.name, `${schema}.${fn}`) : []));

const layout = (overrides: Partial<FoundLayout>): FoundLayout => ({
  schemaExists: true,
  relations: [],
  countRows: 'source',
  earlier: undefined,
  ...overrides,
});
const CREATES = TABLES.flatMap((table) => table.create);

t.test('what a start runs on each database it may find', async (t) => {
  const cases: [string, FoundLayout, readonly string[]][] = [
    ['one that holds the whole layer: nothing', layout({ relations: everyTable(LAYER, 'count_rows') }), []],
    [
      'an empty one: the schema, every table, count_rows and the counting',
      layout({ schemaExists: false, countRows: undefined }),
      [`CREATE SCHEMA ${LAYER}`, ...CREATES, 'make count_rows', 'count dogs', 'count cats'],
    ],
    [
      'the layer with an older count_rows: it alone is made again',
      layout({ relations: everyTable(LAYER, 'count_rows'), countRows: 'older' }),
      ['make count_rows'],
    ],
    [
      'a record table without its triggers, or with some of them only: those dropped, then made and counted',
      layout({
        relations: [
          ...everyTable(LAYER, 'count_rows').filter((found) => !RECORDS.includes(found.name)),
          relation(LAYER, 'dogs'),
          relation(LAYER, 'cats', ['cats_count_delete version_aware_api.count_rows', 'cats_audit audit.log_it']),
        ],
      }),
      ['count dogs', 'DROP TRIGGER cats_count_delete ON cats', 'count cats'],
    ],
    [
      'a database of an earlier release: its tables and count_rows moved, count_rows made anew, nothing counted again',
      layout({
        schemaExists: false,
        countRows: undefined,
        relations: everyTable('public', 'count_rows'),
        earlier: { countedTables: ['cats', 'dogs', 'orders'], sharedWithOthers: false },
      }),
      [
        `CREATE SCHEMA ${LAYER}`,
        ...['dogs', 'cats', 'api_clients', 'api_usage', 'idempotency_keys', 'row_counts', 'orders'].map(
          (name) => `ALTER TABLE public.${name} SET SCHEMA ${LAYER}`,
        ),
        `ALTER FUNCTION public.count_rows() SET SCHEMA ${LAYER}`,
        'make count_rows',
      ],
    ],
    [
      "an earlier release's whose count_rows another trigger runs too: the function stays, the moved tables get triggers of their own",
      layout({
        schemaExists: false,
        countRows: undefined,
        relations: everyTable('public', 'count_rows'),
        earlier: { countedTables: ['cats', 'dogs'], sharedWithOthers: true },
      }),
      [
        `CREATE SCHEMA ${LAYER}`,
        ...['dogs', 'cats', 'api_clients', 'api_usage', 'idempotency_keys', 'row_counts'].map(
          (name) => `ALTER TABLE public.${name} SET SCHEMA ${LAYER}`,
        ),
        'make count_rows',
        ...['dogs', 'cats'].flatMap((name) => [
          ...['insert', 'delete', 'truncate'].map((event) => `DROP TRIGGER ${name}_count_${event} ON ${name}`),
          `count ${name}`,
        ]),
      ],
    ],
    [
      'an earlier release of some tables only, with no count_rows left: those moved, the others made, the record tables counted',
      layout({
        schemaExists: false,
        countRows: undefined,
        relations: [relation('public', 'dogs'), relation('public', 'api_clients')],
      }),
      [
        `CREATE SCHEMA ${LAYER}`,
        `ALTER TABLE public.dogs SET SCHEMA ${LAYER}`,
        `ALTER TABLE public.api_clients SET SCHEMA ${LAYER}`,
        ...TABLES.filter((table) => !['dogs', 'api_clients'].includes(table.name)).flatMap((table) => table.create),
        'make count_rows',
        'count dogs',
        'count cats',
      ],
    ],
    [
      'a public count_rows with no table of the layer: left alone',
      layout({ schemaExists: false, countRows: undefined, earlier: { countedTables: [], sharedWithOthers: false } }),
      [`CREATE SCHEMA ${LAYER}`, ...CREATES, 'make count_rows', 'count dogs', 'count cats'],
    ],
    [
      'once the schema is there, public is not looked at: tables of the same names there are not the layer’s',
      layout({
        relations: [...everyTable(LAYER, 'count_rows'), relation('public', 'dogs', [], { columns: [['id', 'integer']] })],
        earlier: { countedTables: ['dogs'], sharedWithOthers: false },
      }),
      [],
    ],
    [
      'a table the layer lacks in its schema while public has one: made in the schema, public left',
      layout({ relations: [...everyTable(LAYER, 'count_rows').filter((found) => found.name !== 'api_usage'), relation('public', 'api_usage')] }),
      TABLES.filter((table) => table.name === 'api_usage').flatMap((table) => table.create),
    ],
    [
      'columns in another order, and a primary key of the same columns listed otherwise: still the layer’s',
      layout({
        relations: [
          ...everyTable(LAYER, 'count_rows').filter((found) => found.name !== 'api_usage'),
          relation(LAYER, 'api_usage', [], {
            columns: [...(TABLES.find((table) => table.name === 'api_usage')?.columns ?? [])].reverse(),
            primaryKey: ['route', 'version', 'client', 'day'],
          }),
        ],
      }),
      [],
    ],
  ];
  for (const [what, found, statements] of cases) t.same(migrationPlan(found, TABLES, RECORDS, SQL), { statements }, what);
});

t.test('what refuses a start: every relation the layer cannot take, each named with what it has and what is expected', async (t) => {
  const foreignDogs = {
    columns: [
      ['id', 'integer'],
      ['object', 'jsonb'],
    ] as [string, string][],
    primaryKey: [],
  };
  const cases: [string, FoundLayout, readonly string[]][] = [
    [
      'a table of its schema with other columns',
      layout({ relations: [relation(LAYER, 'dogs', [], foreignDogs)] }),
      ['table version_aware_api.dogs has (id integer, object jsonb) but the layer expects (id bigint, name text, birthday date, primary key (id))'],
    ],
    [
      'a table of its schema with another primary key, and a view',
      layout({
        relations: [relation(LAYER, 'api_clients', [], { primaryKey: ['key_sha256'] }), relation(LAYER, 'cats', [], { kind: 'v' })],
      }),
      [
        'version_aware_api.cats is a view, not a table',
        'table version_aware_api.api_clients has (name text, key_sha256 text, pinned_version text, previous_version text, ' +
          'rollback_until timestamp(3) with time zone, created_at timestamp(3) with time zone, revoked_at timestamp(3) with time zone, ' +
          'primary key (key_sha256)) but the layer expects (name text, key_sha256 text, pinned_version text, previous_version text, ' +
          'rollback_until timestamp(3) with time zone, created_at timestamp(3) with time zone, revoked_at timestamp(3) with time zone, ' +
          'primary key (name))',
      ],
    ],
    [
      'a relation of a kind it does not name',
      layout({ relations: [relation(LAYER, 'row_counts', [], { kind: 'x' })] }),
      ['version_aware_api.row_counts is a relation of kind x, not a table'],
    ],
    [
      'before the schema is made, a table of public with other columns, said with what to do',
      layout({ schemaExists: false, relations: [relation('public', 'dogs', [], foreignDogs), relation('public', 'cats')] }),
      [
        'table public.dogs has (id integer, object jsonb) but the layer expects (id bigint, name text, birthday date, primary key (id))',
        'the layer takes a table of its name in public for one of a release before its own schema, to be moved into version_aware_api: ' +
          'rename that table, or make the schema first (CREATE SCHEMA version_aware_api) and the layer leaves public as it is',
      ],
    ],
  ];
  for (const [what, found, problems] of cases) {
    const plan = migrationPlan(found, TABLES, RECORDS, SQL);
    t.same('problems' in plan ? [...plan.problems].sort() : plan, [...problems].sort(), what);
  }
});
