import { inject, injectable } from 'inversify';
import { clientNameProblem, type Client } from '../../domain/clients/client.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { CLIENT_REPOSITORY, type ClientRepository } from '../ports/client-repository.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';

/** A request of an operator's that cannot be done (a bad name, an unknown client, a version not served); the message says why. */
export class ClientCommandError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientCommandError';
  }
}

/** What operators do with clients (`npm run clients`): create, list, pin and revoke. */
@injectable()
export class ManageClients {
  constructor(
    @inject(CLIENT_REPOSITORY) private readonly clients: ClientRepository,
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'standingOn'>,
  ) {}

  /**
   * Adds a client holding the key of `keyHash`, pinned to `version` (any version served today, deprecated ones
   * included) or, when absent, to the newest.
   */
  async create(name: string, keyHash: string, version: string | undefined, today: CalendarDate, now: number): Promise<Client> {
    const problem = clientNameProblem(name);
    if (problem !== undefined) throw new ClientCommandError(problem);
    const pinnedVersion = version ?? this.#served(today)[0];
    this.#refuseUnserved(pinnedVersion, today);
    const client: Client = { name, keyHash, pinnedVersion, previousVersion: null, rollbackUntil: null, createdAt: now, revokedAt: null };
    await this.clients.add(client);
    return client;
  }

  list(): Promise<readonly Client[]> {
    return this.clients.all();
  }

  /** Pins the client to `version`, older or newer, and closes any rollback: an operator's decision, not the client's. */
  async pin(name: string, version: string, today: CalendarDate): Promise<Client> {
    this.#refuseUnserved(version, today);
    for (;;) {
      const client = await this.active(name);
      const pinned: Client = { ...client, pinnedVersion: version, previousVersion: null, rollbackUntil: null };
      if (await this.clients.replace(client, pinned)) return pinned;
    }
  }

  async revoke(name: string, now: number): Promise<void> {
    await this.active(name);
    if (!(await this.clients.revoke(name, now))) throw new ClientCommandError(`client ${JSON.stringify(name)} is revoked already`);
  }

  /** The client named `name`; a ClientCommandError when there is none or it is revoked. */
  async active(name: string): Promise<Client> {
    const client = await this.clients.named(name);
    if (client === undefined) throw new ClientCommandError(`no client is named ${JSON.stringify(name)}`);
    if (client.revokedAt !== null) throw new ClientCommandError(`client ${JSON.stringify(name)} is revoked`);
    return client;
  }

  #served(today: CalendarDate): string[] {
    return this.model.standingOn(today).supported.map(String);
  }

  #refuseUnserved(version: string | undefined, today: CalendarDate): asserts version is string {
    const served = this.#served(today);
    if (version === undefined || !served.includes(version)) {
      throw new ClientCommandError(`version ${JSON.stringify(version)} is not served: expected one of ${served.join(', ')}`);
    }
  }
}
