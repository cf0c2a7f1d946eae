import type { Client } from '../../domain/clients/client.js';

/**
 * Where clients are kept. A request's key lookup (`withKeyHash`) is answered from memory, never by a query: an adapter
 * over a database keeps every client in memory and follows the database's changes. The writes are the operators' and
 * the self-service route's, rare.
 */
export interface ClientRepository {
  /** The client, not revoked, whose key hashes to `keyHash`; undefined for none. */
  withKeyHash(keyHash: string): Client | undefined;
  /** The client of that name, revoked or not. */
  named(name: string): Promise<Client | undefined>;
  /** Every client, revoked ones included, by name. */
  all(): Promise<readonly Client[]>;
  /** Adds a client; DuplicateClientError when its name or its key's hash is taken. */
  add(client: Client): Promise<void>;
  /**
   * Stores `after` in place of the client `before` (same name) if it still stands as `before` (same pin, rollback and
   * revocation); false, storing nothing, when it changed meanwhile or is gone. PinChangeUnavailableError where pins
   * cannot be changed by the service.
   */
  replace(before: Client, after: Client): Promise<boolean>;
  /** Revokes the client of that name at `at`; false when there is none or it is revoked already. */
  revoke(name: string, at: number): Promise<boolean>;
}

export const CLIENT_REPOSITORY = Symbol.for('ClientRepository');

/** Whether `a` and `b` hold the same pin, rollback and revocation (what `replace` compares). */
export function sameStanding(a: Client, b: Client): boolean {
  return (
    a.name === b.name &&
    a.pinnedVersion === b.pinnedVersion &&
    a.previousVersion === b.previousVersion &&
    a.rollbackUntil === b.rollbackUntil &&
    a.revokedAt === b.revokedAt
  );
}
