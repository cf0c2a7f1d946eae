import { stateOf, type Client } from './domain/clients/client.js';

/** What `list` shows of a client: never its key's hash. */
export function listedClient(client: Client): Record<string, string | null> {
  const instant = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
  return { ...stateOf(client), created_at: instant(client.createdAt), revoked_at: instant(client.revokedAt) };
}

/** Rows as a table of aligned columns under their names (the first row's keys); a null cell shows as `-`. */
export function table(listed: readonly Readonly<Record<string, string | null>>[]): string {
  const rows = [Object.keys(listed[0] as object), ...listed.map((client) => Object.values(client).map((value) => value ?? '-'))];
  const widths = (rows[0] as string[]).map((_, column) => Math.max(...rows.map((row) => (row[column] as string).length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] as number))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
