import { Version } from '../versioning/version.js';
import { listSupported } from '../versioning/version-error-text.js';
import { quoteShortened } from '../errors/quote-shortened.js';
import { ROLLBACK_WINDOW_MS, type Client } from './client.js';
import { InvalidPinError, PinConflictError } from './pin-refusal.js';

/**
 * The client after it asks to be pinned to `requested` at `now`, given the versions served (newest first); or the
 * refusal. Stripe's rule: an upgrade to any newer served version, which may be undone within 72 hours; the pin itself
 * changes nothing; any other older version is refused.
 */
export function changePin(client: Client, requested: string, served: readonly Version[], now: number): Client | InvalidPinError | PinConflictError {
  const version = served.find((candidate) => candidate.toString() === requested);
  if (version === undefined) {
    const why = Version.isWellFormed(requested) ? 'is not a served version' : 'is not a version X.Y.Z';
    return new InvalidPinError(`${quoteShortened(requested)} ${why}.${listSupported(served)}`);
  }
  if (requested === client.pinnedVersion) return client;
  if (requested === client.previousVersion && client.rollbackUntil !== null && now < client.rollbackUntil) {
    return { ...client, pinnedVersion: requested, previousVersion: null, rollbackUntil: null };
  }
  if (version.isNewerThan(Version.parse(client.pinnedVersion))) {
    return { ...client, pinnedVersion: requested, previousVersion: client.pinnedVersion, rollbackUntil: now + ROLLBACK_WINDOW_MS };
  }
  const rollback =
    client.previousVersion !== null && client.rollbackUntil !== null
      ? ` Only a rollback to ${client.previousVersion} was open, until ${new Date(client.rollbackUntil).toISOString()}.`
      : '';
  return new PinConflictError(`${requested} is older than the pinned version ${client.pinnedVersion}: a pin moves only forward.${rollback}`);
}
