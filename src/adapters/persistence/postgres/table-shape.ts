/**
 * What a table of the layer must be for the layer to take a table of its name as its own: its columns, each with its
 * type as PostgreSQL's `format_type` names it (`bigint`, `timestamp(3) with time zone`), and its primary key. The
 * checks, defaults and NOT NULLs are left out: a table made by hand or by an older release without them is served.
 */
export interface TableShape {
  readonly name: string;
  readonly columns: readonly (readonly [column: string, type: string])[];
  readonly primaryKey: readonly string[];
}

/** A table the layer makes: its shape, and the statements that make it (the table, then its indexes). */
export interface LayerTable extends TableShape {
  readonly create: readonly string[];
}

/** A shape as CREATE TABLE would list it: `(id bigint, name text, primary key (id))`. */
export function shapeText({ columns, primaryKey }: Omit<TableShape, 'name'>): string {
  const parts = columns.map(([column, type]) => `${column} ${type}`);
  if (primaryKey.length > 0) parts.push(`primary key (${primaryKey.join(', ')})`);
  return `(${parts.join(', ')})`;
}

/** Whether two shapes have the same columns of the same types and the same primary key, in whatever order. */
export function sameShape(found: Omit<TableShape, 'name'>, expected: Omit<TableShape, 'name'>): boolean {
  const key = ({ columns, primaryKey }: Omit<TableShape, 'name'>): string =>
    JSON.stringify([columns.map(([column, type]) => `${column} ${type}`).sort(), [...primaryKey].sort()]);
  return key(found) === key(expected);
}
