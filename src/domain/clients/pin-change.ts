import { Version } from '../versioning/version.js';
import { listSupported } from '../versioning/version-error-text.js';
import { quoteShortened } from '../errors/quote-shortened.js';
import { ROLLBACK_WINDOW_MS, type Client } from './client.js';
import { InvalidPinError, PinConflictError } from '../versioning/refusals.js';

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
  return new PinConflictError(`${requested} is older than the pinned version ${client.pinnedVersion}. ${PIN_RULE} ${rollbackText(client, now)}`);
}

/** The whole rule, for every refusal of an older version. */
const PIN_RULE = `A pin moves forward to any newer version, and back only to the version its last upgrade left, within ${ROLLBACK_WINDOW_MS / 3_600_000} hours of that upgrade.`;

function rollbackText({ previousVersion, rollbackUntil }: Client, now: number): string {
  if (previousVersion === null || rollbackUntil === null) return 'No upgrade left a version to go back to.';
  const until = new Date(rollbackUntil).toISOString();
  return now < rollbackUntil ? `Only ${previousVersion} is open, until ${until}.` : `The way back to ${previousVersion} closed at ${until}.`;
}
