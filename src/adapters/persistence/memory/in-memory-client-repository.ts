import type { Client } from '../../../domain/clients/client.js';
import { DuplicateClientError } from '../../../application/errors/duplicate-client-error.js';
import { PinChangeUnavailableError } from '../../../application/errors/pin-change-unavailable-error.js';
import { sameStanding, type ClientRepository } from '../../../application/ports/client-repository.js';

export interface InMemoryClientOptions {
  /** Called with every client after each change, before the change is said done (the CLI writes CLIENTS_FILE). */
  readonly persist?: (clients: readonly Client[]) => Promise<void>;
  /** The service's own, over CLIENTS_FILE: a client's pin change is refused (PinChangeUnavailableError), as no other process would see it. */
  readonly pinChangesRefused?: boolean;
}

/** Clients held in this process: the embedded default (read from CLIENTS_FILE at start), and the CLI's working copy of that file. */
export class InMemoryClientRepository implements ClientRepository {
  readonly #byName = new Map<string, Client>();
  readonly #byKeyHash = new Map<string, Client>();

  constructor(
    clients: readonly Client[] = [],
    private readonly options: InMemoryClientOptions = {},
  ) {
    for (const client of clients) this.#put(Object.freeze({ ...client }));
  }

  withKeyHash(keyHash: string): Client | undefined {
    const client = this.#byKeyHash.get(keyHash);
    return client === undefined || client.revokedAt !== null ? undefined : client;
  }

  named(name: string): Promise<Client | undefined> {
    return Promise.resolve(this.#byName.get(name));
  }

  all(): Promise<readonly Client[]> {
    return Promise.resolve([...this.#byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1)));
  }

  async add(client: Client): Promise<void> {
    if (this.#byName.has(client.name) || this.#byKeyHash.has(client.keyHash)) throw new DuplicateClientError(client.name);
    await this.#change(() => this.#put(Object.freeze({ ...client })));
  }

  async replace(before: Client, after: Client): Promise<boolean> {
    if (this.options.pinChangesRefused === true) throw new PinChangeUnavailableError();
    const stored = this.#byName.get(before.name);
    if (stored === undefined || !sameStanding(stored, before) || after.name !== before.name) return false;
    await this.#change(() => this.#put(Object.freeze({ ...after, keyHash: stored.keyHash, createdAt: stored.createdAt })));
    return true;
  }

  async revoke(name: string, at: number): Promise<boolean> {
    const stored = this.#byName.get(name);
    if (stored === undefined || stored.revokedAt !== null) return false;
    await this.#change(() => this.#put(Object.freeze({ ...stored, revokedAt: at })));
    return true;
  }

  /** Applies `change`, then persists; a failed persist undoes it, so memory never says what the file does not. */
  async #change(change: () => void): Promise<void> {
    const byName = new Map(this.#byName);
    change();
    if (this.options.persist === undefined) return;
    try {
      await this.options.persist([...this.#byName.values()]);
    } catch (error) {
      this.#byName.clear();
      this.#byKeyHash.clear();
      for (const client of byName.values()) this.#put(client);
      throw error;
    }
  }

  #put(client: Client): void {
    this.#byName.set(client.name, client);
    this.#byKeyHash.set(client.keyHash, client);
  }
}
