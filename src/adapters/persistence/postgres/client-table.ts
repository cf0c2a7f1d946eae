import type { LayerTable } from './table-shape.js';
import type { Client } from '../../../domain/clients/client.js';

/**
 * The API clients; a key is kept only as its hash, taken once like the name. Instants are `timestamptz(3)`,
 * milliseconds as a Client holds them, so that a value read back compares equal to the one stored (`replace`).
 */
export const CLIENT_TABLE: LayerTable = {
  name: 'api_clients',
  columns: [
    ['name', 'text'],
    ['key_sha256', 'text'],
    ['pinned_version', 'text'],
    ['previous_version', 'text'],
    ['rollback_until', 'timestamp(3) with time zone'],
    ['created_at', 'timestamp(3) with time zone'],
    ['revoked_at', 'timestamp(3) with time zone'],
  ],
  primaryKey: ['name'],
  create: [
    `CREATE TABLE IF NOT EXISTS api_clients (
  name text PRIMARY KEY,
  key_sha256 text NOT NULL UNIQUE,
  pinned_version text NOT NULL,
  previous_version text,
  rollback_until timestamptz(3),
  created_at timestamptz(3) NOT NULL,
  revoked_at timestamptz(3)
)`,
  ],
};

export const CLIENT_COLUMNS = 'name, key_sha256, pinned_version, previous_version, rollback_until, created_at, revoked_at';

/** A row of `api_clients` as pg hands it over: `timestamptz` as a Date. */
export interface ClientRow {
  readonly name: string;
  readonly key_sha256: string;
  readonly pinned_version: string;
  readonly previous_version: string | null;
  readonly rollback_until: Date | null;
  readonly created_at: Date;
  readonly revoked_at: Date | null;
}

const millisecondsOf = (instant: Date | null): number | null => (instant === null ? null : instant.getTime());

export const dateOf = (milliseconds: number | null): Date | null => (milliseconds === null ? null : new Date(milliseconds));

export function clientOfRow(row: ClientRow): Client {
  return Object.freeze({
    name: row.name,
    keyHash: row.key_sha256,
    pinnedVersion: row.pinned_version,
    previousVersion: row.previous_version,
    rollbackUntil: millisecondsOf(row.rollback_until),
    createdAt: row.created_at.getTime(),
    revokedAt: millisecondsOf(row.revoked_at),
  });
}
