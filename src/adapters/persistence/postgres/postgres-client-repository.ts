import type pg from 'pg';
import { IndexedClientRepository } from '../client-index.js';
import type { Client } from '../../../domain/clients/client.js';
import { DuplicateClientError } from '../../../application/errors/duplicate-client-error.js';
import { ChannelListener, type ListenerSettings } from './channel-listener.js';
import { CLIENT_COLUMNS, clientOfRow, dateOf, type ClientRow } from './client-table.js';
import { unlessUnavailable } from './postgres-failures.js';
import { timed } from './postgres-pool.js';

/** Told the name of each client written, by whichever process wrote it. */
export const CLIENT_CHANNEL = 'api_clients_changed';

/** One statement is one transaction: the notification goes out when it commits, and only for a row it changed. */
const notifying = (write: string): string =>
  `WITH changed AS (${write} RETURNING ${CLIENT_COLUMNS}) SELECT ${CLIENT_COLUMNS}, pg_notify('${CLIENT_CHANNEL}', name) FROM changed`;

const ADD = notifying(`INSERT INTO api_clients (${CLIENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`);
const REPLACE = notifying(
  `UPDATE api_clients SET pinned_version = $6, previous_version = $7, rollback_until = $8, revoked_at = $9
  WHERE name = $1 AND pinned_version = $2 AND previous_version IS NOT DISTINCT FROM $3
    AND rollback_until IS NOT DISTINCT FROM $4 AND revoked_at IS NOT DISTINCT FROM $5`,
);
const REVOKE = notifying('UPDATE api_clients SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL');
const NAMED = `SELECT ${CLIENT_COLUMNS} FROM api_clients WHERE name = $1`;
const ALL = `SELECT ${CLIENT_COLUMNS} FROM api_clients`;
const UNIQUE_VIOLATION = '23505';

/**
 * The clients of the `api_clients` table, every one held in memory: a key's lookup is a map's. Each process follows
 * the others' writes by LISTEN (`CLIENT_CHANNEL`), reading again the client a notification names, and every client
 * when it listens anew; its own writes it holds at once.
 */
export class PostgresClientRepository extends IndexedClientRepository {
  readonly #listener: ChannelListener;
  /** Reads run one after another, in the order asked: an older read answered late never overwrites a newer one. */
  #reads: Promise<void> = Promise.resolve();

  private constructor(
    private readonly pool: pg.Pool,
    settings: ListenerSettings,
  ) {
    super();
    this.#listener = new ChannelListener(settings, {
      channel: CLIENT_CHANNEL,
      changed: (name) => this.#reread(name),
      resumed: () => this.#rereadAll(),
    });
  }

  /** Listens for changes, then loads every client; throws what failed. */
  static async open(pool: pg.Pool, settings: ListenerSettings): Promise<PostgresClientRepository> {
    const repository = new PostgresClientRepository(pool, settings);
    await repository.#listener.open();
    return repository;
  }

  /** Stops following changes; the pool is the caller's. */
  close(): Promise<void> {
    return this.#listener.close();
  }

  async add(client: Client): Promise<void> {
    const { name, keyHash, pinnedVersion, previousVersion, rollbackUntil, createdAt, revokedAt } = client;
    const values = [name, keyHash, pinnedVersion, previousVersion, dateOf(rollbackUntil), dateOf(createdAt), dateOf(revokedAt)];
    const rows = await this.#write(ADD, values).catch((error: unknown) => {
      throw (error as { code?: unknown }).code === UNIQUE_VIOLATION ? new DuplicateClientError(name) : error;
    });
    await this.#held(name, rows);
  }

  async replace(before: Client, after: Client): Promise<boolean> {
    if (after.name !== before.name) return false;
    const rows = await this.#write(REPLACE, [
      before.name,
      before.pinnedVersion,
      before.previousVersion,
      dateOf(before.rollbackUntil),
      dateOf(before.revokedAt),
      after.pinnedVersion,
      after.previousVersion,
      dateOf(after.rollbackUntil),
      dateOf(after.revokedAt),
    ]);
    return this.#held(before.name, rows);
  }

  async revoke(name: string, at: number): Promise<boolean> {
    return this.#held(name, await this.#write(REVOKE, [name, dateOf(at)]));
  }

  async #write(statement: string, values: unknown[]): Promise<readonly ClientRow[]> {
    const { rows } = await unlessUnavailable(() => this.pool.query<ClientRow>(timed(statement, values)));
    return rows;
  }

  /**
   * Holds the row a write stored. When it stored none (the client changed meanwhile, or is not there), reads the
   * client again: a retry starts from what is stored, not from what the notification has yet to bring.
   */
  async #held(name: string, [row]: readonly ClientRow[]): Promise<boolean> {
    if (row === undefined) {
      await unlessUnavailable(() => this.#reread(name));
      return false;
    }
    this.clients.put(clientOfRow(row));
    return true;
  }

  #reread(name: string): Promise<void> {
    return this.#serially(async () => {
      const [row] = (await this.pool.query<ClientRow>(timed(NAMED, [name]))).rows;
      if (row === undefined) this.clients.forget(name);
      else this.clients.put(clientOfRow(row));
    });
  }

  #rereadAll(): Promise<void> {
    return this.#serially(async () => {
      const { rows } = await this.pool.query<ClientRow>(timed(ALL));
      this.clients.replaceAll(rows.map(clientOfRow));
    });
  }

  #serially(read: () => Promise<void>): Promise<void> {
    const done = this.#reads.then(read);
    this.#reads = done.catch(() => undefined);
    return done;
  }
}
