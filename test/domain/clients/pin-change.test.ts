import t from 'tap';
import { ROLLBACK_WINDOW_MS, clientNameProblem, stateOf, type Client } from '../../../src/domain/clients/client.js';
import { changePin } from '../../../src/domain/clients/pin-change.js';
import { Version } from '../../../src/domain/versioning/version.js';
import { InvalidPinError, PinConflictError } from '../../../src/domain/versioning/refusals.js';

const served = Object.freeze(['5.0.0', '4.0.0', '3.0.0', '2.1.0'].map((text) => Version.parse(text)));
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const client: Client = Object.freeze({
  name: 'shop',
  keyHash: 'a'.repeat(64),
  pinnedVersion: '3.0.0',
  previousVersion: null,
  rollbackUntil: null,
  createdAt: 0,
  revokedAt: null,
});

t.test('an upgrade to any newer served version opens a rollback of 72 hours', async (t) => {
  t.same(changePin(client, '5.0.0', served, NOW), {
    ...client,
    pinnedVersion: '5.0.0',
    previousVersion: '3.0.0',
    rollbackUntil: NOW + ROLLBACK_WINDOW_MS,
  });
  t.same(changePin(client, '4.0.0', served, NOW), {
    ...client,
    pinnedVersion: '4.0.0',
    previousVersion: '3.0.0',
    rollbackUntil: NOW + 72 * 3_600_000,
  });
});

t.test('the pin itself changes nothing: the same client back', async (t) => {
  t.equal(changePin(client, '3.0.0', served, NOW), client);
});

t.test('the rollback: to the previous version before rollbackUntil, and not at it', async (t) => {
  const upgraded = changePin(client, '5.0.0', served, NOW) as Client;
  t.same(changePin(upgraded, '3.0.0', served, NOW + ROLLBACK_WINDOW_MS - 1), client, 'a millisecond before: back, the window closed');
  const late = changePin(upgraded, '3.0.0', served, NOW + ROLLBACK_WINDOW_MS);
  t.type(late, PinConflictError, 'at rollbackUntil: refused');
  t.match(
    (late as Error).message,
    /^3\.0\.0 is older than the pinned version 5\.0\.0\. A pin moves forward to any newer version, and back only to the version its last upgrade left, within 72 hours of that upgrade\. The way back to 3\.0\.0 closed at 2026-11-25T10:00:00\.000Z\.$/,
  );
  const other = changePin(upgraded, '4.0.0', served, NOW);
  t.type(other, PinConflictError, 'an older version that is not the previous one: refused');
  t.match(
    (other as Error).message,
    /within 72 hours of that upgrade\. Only 3\.0\.0 is open, until 2026-11-25T10:00:00\.000Z\.$/,
    'naming the one open',
  );
});

t.test('any other older version: 409, saying no rollback was open', async (t) => {
  const refused = changePin(client, '2.1.0', served, NOW);
  t.type(refused, PinConflictError);
  t.equal((refused as PinConflictError).code, 'pin_conflict');
  t.equal(
    (refused as Error).message,
    '2.1.0 is older than the pinned version 3.0.0. A pin moves forward to any newer version, and back only to the version its last upgrade left, within 72 hours of that upgrade. No upgrade left a version to go back to.',
  );
});

t.test('a version not served, or not X.Y.Z: 422 naming it and the versions served', async (t) => {
  const unknown = changePin(client, '9.9.9', served, NOW);
  t.type(unknown, InvalidPinError);
  t.equal((unknown as InvalidPinError).code, 'invalid_pin');
  t.equal((unknown as Error).message, '"9.9.9" is not a served version. Supported versions: 5.0.0, 4.0.0, 3.0.0, 2.1.0.');
  t.match((changePin(client, 'v5', served, NOW) as Error).message, /^"v5" is not a version X\.Y\.Z\./);
  t.match((changePin(client, 'x'.repeat(100), served, NOW) as Error).message, /^"x{40}…" is not/, 'a long value shortened');
  const rolledBackToRetired = { ...client, pinnedVersion: '5.0.0', previousVersion: '2.0.0', rollbackUntil: NOW + 1000 };
  t.type(changePin(rolledBackToRetired, '2.0.0', served, NOW), InvalidPinError, 'a rollback to a version no longer served: refused');
});

t.test("a client's names and its own view", async (t) => {
  for (const name of ['a', 'shop-1', 'Shop.eu_2', 'x'.repeat(64)]) t.equal(clientNameProblem(name), undefined, name);
  for (const name of ['', '-shop', 'sh op', 'x'.repeat(65), 'shöp', '.hidden'])
    t.match(clientNameProblem(name), /is not valid/, JSON.stringify(name));
  t.match(clientNameProblem('x'.repeat(200)), /^client name "x{80}" is not valid/, 'a long name quoted by its first 80 characters');
  t.same(stateOf({ ...client, previousVersion: '2.1.0', rollbackUntil: NOW }), {
    name: 'shop',
    pinned_version: '3.0.0',
    previous_version: '2.1.0',
    rollback_until: '2026-11-22T10:00:00.000Z',
  });
});
