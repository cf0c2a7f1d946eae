import type { Client } from '../../domain/clients/client.js';
import type { ClientRepository } from '../../application/ports/client-repository.js';

/**
 * Every client in memory, by name and by key hash: what each client repository answers a request's key from, with no
 * I/O. The in-memory repository holds its clients here; the PostgreSQL one, its copy of the table.
 */
export class ClientIndex {
  readonly #byName = new Map<string, Client>();
  readonly #byKeyHash = new Map<string, Client>();

  /** The client, not revoked, whose key hashes to `keyHash`. */
  withKeyHash(keyHash: string): Client | undefined {
    const client = this.#byKeyHash.get(keyHash);
    return client === undefined || client.revokedAt !== null ? undefined : client;
  }

  named(name: string): Client | undefined {
    return this.#byName.get(name);
  }

  holdsKeyHash(keyHash: string): boolean {
    return this.#byKeyHash.has(keyHash);
  }

  /** Every client, by name. */
  all(): Client[] {
    return this.inOrder().sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** Every client, in the order first held (a client replaced keeps its place): a file keeps its order. */
  inOrder(): Client[] {
    return [...this.#byName.values()];
  }

  /** Holds `client` in place of any of its name. */
  put(client: Client): void {
    const known = this.#byName.get(client.name);
    if (known !== undefined && known.keyHash !== client.keyHash) this.#byKeyHash.delete(known.keyHash);
    this.#byName.set(client.name, client);
    this.#byKeyHash.set(client.keyHash, client);
  }

  forget(name: string): void {
    const known = this.#byName.get(name);
    if (known === undefined) return;
    this.#byName.delete(name);
    this.#byKeyHash.delete(known.keyHash);
  }

  /** Holds exactly `clients`. */
  replaceAll(clients: Iterable<Client>): void {
    this.#byName.clear();
    this.#byKeyHash.clear();
    for (const client of clients) this.put(client);
  }
}

/** A client repository that answers every read from its ClientIndex; its writes are its own. */
export abstract class IndexedClientRepository implements ClientRepository {
  protected readonly clients = new ClientIndex();

  withKeyHash(keyHash: string): Client | undefined {
    return this.clients.withKeyHash(keyHash);
  }

  named(name: string): Promise<Client | undefined> {
    return Promise.resolve(this.clients.named(name));
  }

  all(): Promise<readonly Client[]> {
    return Promise.resolve(this.clients.all());
  }

  abstract add(client: Client): Promise<void>;
  abstract replace(before: Client, after: Client): Promise<boolean>;
  abstract revoke(name: string, at: number): Promise<boolean>;
}
