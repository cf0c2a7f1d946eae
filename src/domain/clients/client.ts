/** How long after an upgrade a client may go back to the version it left. */
export const ROLLBACK_WINDOW_MS = 72 * 3_600_000;

/**
 * A caller known by its API key, pinned to a version: a request of its that names no version is served at the pin.
 * Only the key's hash is ever held. Instants are milliseconds since the epoch, UTC.
 */
export interface Client {
  /** Unique; shown in the access log and to the client itself. */
  readonly name: string;
  /** SHA-256 of the key, lowercase hex. */
  readonly keyHash: string;
  readonly pinnedVersion: string;
  /** The version of the last upgrade's start, to go back to until `rollbackUntil`; null where none. */
  readonly previousVersion: string | null;
  readonly rollbackUntil: number | null;
  readonly createdAt: number;
  /** Set once revoked: its key is refused from then on, and its name stays taken. */
  readonly revokedAt: number | null;
}

/** A client's self-service view (`GET /client/`). */
export interface ClientState {
  readonly name: string;
  readonly pinned_version: string;
  readonly previous_version: string | null;
  /** An RFC 3339 instant, UTC. */
  readonly rollback_until: string | null;
}

export function stateOf({ name, pinnedVersion, previousVersion, rollbackUntil }: Client): ClientState {
  return {
    name,
    pinned_version: pinnedVersion,
    previous_version: previousVersion,
    rollback_until: rollbackUntil === null ? null : new Date(rollbackUntil).toISOString(),
  };
}

/** Letters, digits, `.`, `_` and `-`, 1 to 64 of them, starting with a letter or digit: safe in a log line and a table. */
const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Why `name` cannot name a client, or undefined when it can. */
export function clientNameProblem(name: string): string | undefined {
  return CLIENT_NAME.test(name)
    ? undefined
    : `client name ${JSON.stringify(name.slice(0, 80))} is not valid: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`;
}
