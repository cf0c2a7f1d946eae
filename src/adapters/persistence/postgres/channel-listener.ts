import pg from 'pg';
import { CONNECTION_TIMEOUT_MS } from './postgres-pool.js';

/** Where a listener connects, how it reports, and how long it waits between attempts to connect again. */
export interface ListenerSettings {
  readonly url: string;
  /** One JSON line per loss and per recovery. */
  readonly warn: (message: string, fields: Record<string, unknown>) => void;
  readonly firstRetryMs: number;
  readonly longestRetryMs: number;
}

/** What a channel's notifications change. */
export interface ChannelFollower {
  readonly channel: string;
  /** Applies one notification; a failure counts as the connection lost. */
  changed(payload: string): Promise<void>;
  /** Reloads everything, once listening on each connection: what changed while nobody listened was told to nobody. */
  resumed(): Promise<void>;
}

/**
 * LISTENs on a connection of its own (a pooled one would be handed to other statements). When it is lost, or a change
 * cannot be applied, it connects again with backoff, LISTENs, then reloads: PostgreSQL keeps no notification for a
 * listener that is gone, and a poll would cost a query every period for changes that are rare.
 */
export class ChannelListener {
  /** The connection listening, or being set up to. */
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #retryMs: number;
  #lostAt: number | undefined;

  constructor(
    private readonly settings: ListenerSettings,
    private readonly follower: ChannelFollower,
  ) {
    this.#retryMs = settings.firstRetryMs;
  }

  /** Listens, then reloads; throws what failed, having closed. */
  async open(): Promise<void> {
    try {
      await this.#connect(this.#newClient());
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /** Stops listening, and trying to. */
  async close(): Promise<void> {
    clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = undefined;
    await client?.end();
  }

  #newClient(): pg.Client {
    const client = new pg.Client({
      connectionString: this.settings.url,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      application_name: 'version-aware-api',
      keepAlive: true,
    });
    client.on('error', (error) => this.#drop(client, error));
    client.on('notification', ({ payload }) => {
      // PostgreSQL always sends a payload, empty if none was given.
      this.follower.changed(payload as string).catch((error: unknown) => this.#drop(client, error));
    });
    this.#client = client;
    return client;
  }

  async #connect(client: pg.Client): Promise<void> {
    await client.connect();
    await client.query(`LISTEN ${this.follower.channel}`);
    await this.follower.resumed();
  }

  /**
   * Gives `client` up (lost, or its attempt failed) and tries again later, saying so once per loss; a client closed or
   * given up already is ignored.
   */
  #drop(client: pg.Client, error: unknown): void {
    if (client !== this.#client) return;
    this.#client = undefined;
    void client.end();
    if (this.#lostAt === undefined) {
      this.#lostAt = Date.now();
      this.settings.warn('database listener lost, reconnecting', { channel: this.follower.channel, error: (error as Error).message });
    }
    this.#retry = setTimeout(() => void this.#reconnect(), this.#retryMs);
    this.#retryMs = Math.min(this.#retryMs * 2, this.settings.longestRetryMs);
  }

  async #reconnect(): Promise<void> {
    const client = this.#newClient();
    try {
      await this.#connect(client);
    } catch (error) {
      this.#drop(client, error);
      return;
    }
    if (client !== this.#client) return;
    this.settings.warn('database listener recovered', { channel: this.follower.channel, down_ms: Date.now() - (this.#lostAt as number) });
    this.#lostAt = undefined;
    this.#retryMs = this.settings.firstRetryMs;
  }
}
