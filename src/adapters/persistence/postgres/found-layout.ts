import type pg from 'pg';
import { LAYER_SCHEMA, timed } from './postgres-pool.js';
import type { TableShape } from './table-shape.js';

/** The schema where the release before the layer's own schema kept its tables and its count_rows(). */
export const EARLIER_SCHEMA = 'public';

/** A relation of one of the layer's names, in the layer's schema or in the earlier one, as the catalog has it. */
export interface FoundRelation extends TableShape {
  readonly schema: string;
  /** Its `pg_class.relkind`: `r` a table, `v` a view, `p` a partitioned table, and so on. */
  readonly kind: string;
  /** Its triggers, each as its name and the function it runs, schema-qualified: `dogs_count_insert public.count_rows`. */
  readonly triggers: readonly string[];
}

/** What a database holds of the layer: its schema, and what the earlier layout left in public. */
export interface FoundLayout {
  readonly schemaExists: boolean;
  /** The relations named as the layer's tables, in the layer's schema and in public. */
  readonly relations: readonly FoundRelation[];
  /** The source of the layer's count_rows(); undefined when it has none. */
  readonly countRows: string | undefined;
  /**
   * The earlier layout's public.count_rows(), a trigger function: the tables of public that it counts (by their
   * `<table>_count_insert` trigger), and whether a trigger it does not name so runs it too. Undefined when public has none.
   */
  readonly earlier: { readonly countedTables: readonly string[]; readonly sharedWithOthers: boolean } | undefined;
}

const RELATIONS = `SELECT n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
    (SELECT coalesce(json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod)) ORDER BY a.attnum), '[]')
      FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped) AS columns,
    (SELECT coalesce(json_agg(a.attname ORDER BY k.position), '[]')
      FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k (attnum, position)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = c.oid AND i.indisprimary) AS primary_key,
    (SELECT coalesce(json_agg(t.tgname || ' ' || pn.nspname || '.' || p.proname ORDER BY t.tgname), '[]')
      FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_namespace pn ON pn.oid = p.pronamespace
      WHERE t.tgrelid = c.oid AND NOT t.tgisinternal) AS triggers
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname IN ($1, $2) AND c.relname = ANY ($3::text[])
  ORDER BY n.nspname, c.relname`;

const SCHEMA = `SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1) AS schema_exists,
    (SELECT prosrc FROM pg_proc WHERE oid = to_regprocedure($1 || '.count_rows()')) AS count_rows`;

/** The triggers running public.count_rows(): on which table of public each counting trigger is, and whether any other runs it. */
const EARLIER = `SELECT
    (SELECT coalesce(json_agg(c.relname ORDER BY c.relname), '[]') FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE t.tgfoid = p.oid AND n.nspname = $1 AND t.tgname = c.relname || '_count_insert') AS counted_tables,
    EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE t.tgfoid = p.oid
        AND NOT (n.nspname = $1 AND t.tgname IN (c.relname || '_count_insert', c.relname || '_count_delete', c.relname || '_count_truncate'))
    ) AS shared_with_others
  FROM pg_proc p WHERE p.oid = to_regprocedure($1 || '.count_rows()') AND p.prorettype = 'trigger'::regtype`;

interface RelationRow {
  readonly schema: string;
  readonly name: string;
  readonly kind: string;
  readonly columns: [string, string][];
  readonly primary_key: string[];
  readonly triggers: string[];
}

/** Reads, changing nothing, what the database holds of the tables `names` and of the layer's functions. */
export async function readLayout(client: pg.ClientBase, names: readonly string[]): Promise<FoundLayout> {
  const relations = await client.query<RelationRow>(timed(RELATIONS, [LAYER_SCHEMA, EARLIER_SCHEMA, names]));
  const schema = await client.query<{ schema_exists: boolean; count_rows: string | null }>(timed(SCHEMA, [LAYER_SCHEMA]));
  const earlier = await client.query<{ counted_tables: string[]; shared_with_others: boolean }>(timed(EARLIER, [EARLIER_SCHEMA]));
  const { schema_exists: schemaExists, count_rows: countRows } = schema.rows[0] as { schema_exists: boolean; count_rows: string | null };
  const [counting] = earlier.rows;
  return {
    schemaExists,
    relations: relations.rows.map((row) => ({
      schema: row.schema,
      name: row.name,
      kind: row.kind,
      columns: row.columns,
      primaryKey: row.primary_key,
      triggers: row.triggers,
    })),
    countRows: countRows ?? undefined,
    earlier: counting === undefined ? undefined : { countedTables: counting.counted_tables, sharedWithOthers: counting.shared_with_others },
  };
}
