import { inject, injectable } from 'inversify';
import { stateOf, type Client, type ClientState } from '../../domain/clients/client.js';
import { changePin } from '../../domain/clients/pin-change.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { CLIENT_REPOSITORY, type ClientRepository } from '../ports/client-repository.js';
import { PinConflictError, type InvalidPinError } from '../../domain/versioning/refusals.js';
import { Refusal } from '../../domain/errors/refusal.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { VERSION_MODEL } from '../version-model-token.js';
import { PIN_STATE_PATH, type PinStatePath } from '../ports/pin-state-path.js';

/** A client's own view of its pin, and its own upgrade or rollback (`GET /client/`, `PUT /client/version`). */
@injectable()
export class ClientPins {
  constructor(
    @inject(CLIENT_REPOSITORY) private readonly clients: ClientRepository,
    @inject(VERSION_MODEL) private readonly model: Pick<VersionModel, 'standingOn'>,
    @inject(PIN_STATE_PATH) private readonly statePath: PinStatePath,
  ) {}

  /** The client that holds a key of this hash, from memory: undefined for an unknown or revoked key. */
  identify(keyHash: string): Client | undefined {
    return this.clients.withKeyHash(keyHash);
  }

  describe(client: Client): ClientState {
    return stateOf(client);
  }

  /**
   * Moves the client's pin to `requested`, as the versions stand on `today`, at the instant `now`: its new state, or
   * the refusal. Two changes racing (on two instances) cannot both win: the second is refused with a 409 to retry,
   * naming where to read the pin below `base`, the path the client's request came in at ('' at the root).
   */
  async change(
    client: Client,
    requested: string,
    today: CalendarDate,
    now: number,
    base: string,
  ): Promise<ClientState | InvalidPinError | PinConflictError> {
    const changed = changePin(client, requested, this.model.standingOn(today).supported, now);
    if (changed instanceof Refusal) return changed;
    if (changed === client) return stateOf(client);
    const stored = await this.clients.replace(client, changed);
    if (!stored) return new PinConflictError(`The pin changed meanwhile (another request, or an operator); ${this.#retry(base)}`);
    return stateOf(changed);
  }

  /** What to do after a lost race: read the pin where the API serves it, then try again; only try again where it serves none. */
  #retry(base: string): string {
    return this.statePath === undefined ? 'try again.' : `read GET ${base}${this.statePath} and try again.`;
  }
}
