import type { RecordTable } from './record-table.js';

/** A statement PostgreSQL prepares under its name on each connection, the first time that connection runs it. */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

/** The named statements of one collection: PostgreSQL parses and plans each once per connection, not once per request. */
export interface PageStatements {
  /** `$1` the id. */
  readonly byId: NamedStatement;
  /** `$1` the limit, `$2` the offset. */
  readonly page: NamedStatement;
  /** `$1` the cursor's id, `$2` the limit: the page after it, and the nearest row at or before it. */
  readonly after: NamedStatement;
  /** `$1` the cursor's id, `$2` the limit: the page before it, and the nearest row at or after it. */
  readonly before: NamedStatement;
}

/**
 * A page and the collection's total in one statement, so one round trip and one snapshot: the total (the
 * `row_counts` row the triggers keep, or a count when it is missing) is a one-row relation that the page's rows
 * are LEFT JOINed to, so every row carries it after the table's columns, and an empty page is still one row
 * holding it, its columns null. A cursor's page has one row more on its side, and the nearest row on the other
 * side: whether records lie either way.
 */
export function pageStatements({ name, columns }: Pick<RecordTable<unknown>, 'name' | 'columns'>): PageStatements {
  const list = columns.join(', ');
  const total = `SELECT coalesce((SELECT total FROM row_counts WHERE table_name = '${name}'), (SELECT count(*) FROM ${name})) AS total`;
  const withTotal = (slice: string): string =>
    `SELECT ${columns.map((column) => `slice.${column}`).join(', ')}, counted.total FROM (${total}) AS counted LEFT JOIN (${slice}) AS slice ON true ORDER BY slice.id`;
  return {
    byId: { name: `${name}-by-id`, text: `SELECT ${list} FROM ${name} WHERE id = $1` },
    page: { name: `${name}-page`, text: withTotal(`SELECT ${list} FROM ${name} ORDER BY id LIMIT $1 OFFSET $2`) },
    after: {
      name: `${name}-after`,
      text: withTotal(
        `(SELECT ${list} FROM ${name} WHERE id <= $1 ORDER BY id DESC LIMIT 1) UNION ALL (SELECT ${list} FROM ${name} WHERE id > $1 ORDER BY id LIMIT $2)`,
      ),
    },
    before: {
      name: `${name}-before`,
      text: withTotal(
        `(SELECT ${list} FROM ${name} WHERE id >= $1 ORDER BY id LIMIT 1) UNION ALL (SELECT ${list} FROM ${name} WHERE id < $1 ORDER BY id DESC LIMIT $2)`,
      ),
    },
  };
}
