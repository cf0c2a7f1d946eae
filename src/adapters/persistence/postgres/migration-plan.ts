import { EARLIER_SCHEMA, type FoundLayout, type FoundRelation } from './found-layout.js';
import { LAYER_SCHEMA } from './postgres-pool.js';
import { sameShape, shapeText, type LayerTable } from './table-shape.js';

/** What a start does to the database it found: the statements to run, in one transaction, or why it runs none. */
export type MigrationPlan = { readonly statements: readonly string[] } | { readonly problems: readonly string[] };

/** What the layer's triggers and its count_rows() are made of, for the plan to make them where they are missing. */
export interface CountingStatements {
  /** The source count_rows() must have; it is made again when it has another. */
  readonly countRowsSource: string;
  /** Makes count_rows() in the layer's schema, or replaces it. */
  readonly createCountRows: string;
  /** The counting triggers of a table and its count: for a table of the layer without them. */
  countingOf(table: string): readonly string[];
}

/** The events a record table's rows are counted on, each a trigger `<table>_count_<event>`. */
export const COUNTED_EVENTS = ['insert', 'delete', 'truncate'] as const;

const EARLIER_HINT =
  `the layer takes a table of its name in ${EARLIER_SCHEMA} for one of a release before its own schema, to be moved into ` +
  `${LAYER_SCHEMA}: rename that table, or make the schema first (CREATE SCHEMA ${LAYER_SCHEMA}) and the layer leaves ${EARLIER_SCHEMA} as it is`;

const KINDS: Readonly<Record<string, string>> = {
  v: 'a view',
  m: 'a materialized view',
  f: 'a foreign table',
  p: 'a partitioned table',
  i: 'an index',
  I: 'an index',
  S: 'a sequence',
  c: 'a composite type',
};

/** Why the layer cannot take `found` as its table `expected`; undefined when it can. */
function unfit(found: FoundRelation, expected: LayerTable): string | undefined {
  const where = `${found.schema}.${found.name}`;
  if (found.kind !== 'r') return `${where} is ${KINDS[found.kind] ?? `a relation of kind ${found.kind}`}, not a table`;
  if (!sameShape(found, expected)) return `table ${where} has ${shapeText(found)} but the layer expects ${shapeText(expected)}`;
  return undefined;
}

/** Whether every counting trigger of the relation is there, each running `countRows` (schema-qualified). */
const counted = (relation: FoundRelation, countRows: string): boolean =>
  COUNTED_EVENTS.every((event) => relation.triggers.includes(`${relation.name}_count_${event} ${countRows}`));

/**
 * The plan for the layer's tables `tables` (its record tables named in `recordTables`) in the database `found`, checked
 * before anything is made: a relation of a table's name in the layer's schema must be a table of its shape; while the
 * schema is not there, one in public is taken for the earlier release's and must be of its shape too, to be moved with
 * its rows, beside every other table public.count_rows() counts (another API's collections). Any other relation
 * refuses the start, each named, and nothing is run. Otherwise the plan makes what is missing.
 */
export function migrationPlan(
  found: FoundLayout,
  tables: readonly LayerTable[],
  recordTables: readonly string[],
  sql: CountingStatements,
): MigrationPlan {
  const own = (name: string, schema: string): FoundRelation | undefined =>
    found.relations.find((relation) => relation.schema === schema && relation.name === name);
  const problems: string[] = [];
  const moving = new Map<string, FoundRelation>();
  let earlierProblems = false;
  for (const table of tables) {
    const present = own(table.name, LAYER_SCHEMA);
    const earlier = found.schemaExists ? undefined : own(table.name, EARLIER_SCHEMA);
    const relation = present ?? earlier;
    if (relation === undefined) continue;
    const problem = unfit(relation, table);
    if (problem !== undefined) problems.push(problem);
    else if (relation === earlier) moving.set(table.name, earlier);
    earlierProblems ||= problem !== undefined && relation === earlier;
  }
  if (problems.length > 0) return { problems: earlierProblems ? [...problems, EARLIER_HINT] : problems };

  const statements: string[] = [];
  const counting = found.schemaExists ? undefined : found.earlier;
  const movedTables = [...new Set([...moving.keys(), ...(counting?.countedTables ?? [])])];
  if (!found.schemaExists) statements.push(`CREATE SCHEMA ${LAYER_SCHEMA}`);
  for (const name of movedTables) statements.push(`ALTER TABLE ${EARLIER_SCHEMA}.${name} SET SCHEMA ${LAYER_SCHEMA}`);
  // Its triggers move with their tables and keep running it, now from the layer's schema, once its source is replaced.
  const takesCountRows = counting !== undefined && !counting.sharedWithOthers && movedTables.length > 0;
  if (takesCountRows) statements.push(`ALTER FUNCTION ${EARLIER_SCHEMA}.count_rows() SET SCHEMA ${LAYER_SCHEMA}`);
  for (const table of tables) if (own(table.name, LAYER_SCHEMA) === undefined && !moving.has(table.name)) statements.push(...table.create);
  if (takesCountRows || found.countRows !== sql.countRowsSource) statements.push(sql.createCountRows);
  for (const name of recordTables) {
    const present = own(name, LAYER_SCHEMA);
    const moved = moving.get(name);
    if (present !== undefined && counted(present, `${LAYER_SCHEMA}.count_rows`)) continue;
    if (moved !== undefined && takesCountRows && counted(moved, `${EARLIER_SCHEMA}.count_rows`)) continue;
    const triggers = (present ?? moved)?.triggers ?? [];
    for (const event of COUNTED_EVENTS) {
      if (triggers.some((trigger) => trigger.startsWith(`${name}_count_${event} `)))
        statements.push(`DROP TRIGGER ${name}_count_${event} ON ${name}`);
    }
    statements.push(...sql.countingOf(name));
  }
  return { statements };
}
