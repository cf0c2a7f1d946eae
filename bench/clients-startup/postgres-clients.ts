import pg from 'pg';
import type { Client } from '../../src/domain/clients/client.js';

/** Replaces every row of `api_clients` in the database at `url` by `clients`, inserted in one statement, then VACUUM ANALYZE. */
export async function replaceClientRows(url: string, clients: readonly Client[]): Promise<void> {
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  try {
    await connection.query('TRUNCATE version_aware_api.api_clients');
    await connection.query(
      `INSERT INTO version_aware_api.api_clients (name, key_sha256, pinned_version, created_at)
       SELECT name, key_sha256, pinned_version, to_timestamp(created_ms / 1000.0)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS given(name, key_sha256, pinned_version, created_ms)`,
      [
        clients.map((client) => client.name),
        clients.map((client) => client.keyHash),
        clients.map((client) => client.pinnedVersion),
        clients.map((client) => client.createdAt),
      ],
    );
    await connection.query('VACUUM ANALYZE version_aware_api.api_clients');
  } finally {
    await connection.end();
  }
}
