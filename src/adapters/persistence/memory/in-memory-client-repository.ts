import { IndexedClientRepository } from '../client-index.js';
import type { Client } from '../../../domain/clients/client.js';
import { DuplicateClientError } from '../../../application/errors/duplicate-client-error.js';
import { sameStanding } from '../../../application/ports/client-repository.js';
import { PinChangeUnavailableError } from '../../../application/errors/refusals.js';

export interface InMemoryClientOptions {
  /** Called with every client after each change, before the change is said done (the CLI writes CLIENTS_FILE). */
  readonly persist?: (clients: readonly Client[]) => Promise<void>;
  /** The service's own, over CLIENTS_FILE: a client's pin change is refused (PinChangeUnavailableError), as no other process would see it. */
  readonly pinChangesRefused?: boolean;
}

/** Why: this storage's clients come from CLIENTS_FILE, which the service neither writes nor shares between processes. */
const PIN_CHANGES_REFUSED =
  'Pins are changed here only with STORAGE=postgres; with the in-memory storage an operator changes them (npm run clients -- pin NAME VERSION) and restarts the service.';

/** Clients held in this process: the embedded default (read from CLIENTS_FILE at start), and the CLI's working copy of that file. */
export class InMemoryClientRepository extends IndexedClientRepository {
  constructor(
    clients: readonly Client[] = [],
    private readonly options: InMemoryClientOptions = {},
  ) {
    super();
    for (const client of clients) this.clients.put(Object.freeze({ ...client }));
  }

  async add(client: Client): Promise<void> {
    if (this.clients.named(client.name) !== undefined || this.clients.holdsKeyHash(client.keyHash)) throw new DuplicateClientError(client.name);
    await this.#change(() => this.clients.put(Object.freeze({ ...client })));
  }

  async replace(before: Client, after: Client): Promise<boolean> {
    if (this.options.pinChangesRefused === true) throw new PinChangeUnavailableError(PIN_CHANGES_REFUSED);
    const stored = this.clients.named(before.name);
    if (stored === undefined || !sameStanding(stored, before) || after.name !== before.name) return false;
    await this.#change(() => this.clients.put(Object.freeze({ ...after, keyHash: stored.keyHash, createdAt: stored.createdAt })));
    return true;
  }

  async revoke(name: string, at: number): Promise<boolean> {
    const stored = this.clients.named(name);
    if (stored === undefined || stored.revokedAt !== null) return false;
    await this.#change(() => this.clients.put(Object.freeze({ ...stored, revokedAt: at })));
    return true;
  }

  /** Applies `change`, then persists; a failed persist undoes it, so memory never says what the file does not. */
  async #change(change: () => void): Promise<void> {
    const before = this.clients.inOrder();
    change();
    if (this.options.persist === undefined) return;
    try {
      await this.options.persist(this.clients.inOrder());
    } catch (error) {
      this.clients.replaceAll(before);
      throw error;
    }
  }
}
