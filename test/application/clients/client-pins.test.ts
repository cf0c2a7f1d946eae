import t, { type Test } from 'tap';
import { ClientPins } from '../../../src/application/clients/client-pins.js';
import { InMemoryClientRepository } from '../../../src/adapters/persistence/memory/in-memory-client-repository.js';
import { clientNamed } from '../../fixtures/contracts/client-repository-contract.js';
import { lifecycleModel } from '../../fixtures/lifecycle-history.js';
import { date } from '../../fixtures/test-clock.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';
import { PinConflictError } from '../../../src/domain/versioning/refusals.js';

const today = date('2026-11-22');
const NOW = Date.parse('2026-11-22T10:00:00.000Z');

t.test('the pin itself, asked for again: the state as it is, nothing written (a storage that takes no pin change answers it too)', async (t) => {
  const shop = clientNamed('shop', { pinnedVersion: '3.0.0' });
  const pins = new ClientPins(new InMemoryClientRepository([shop], { pinChangesRefused: true }), lifecycleModel(), '/client/');
  t.same(await pins.change(shop, '3.0.0', today, NOW, ''), { name: 'shop', pinned_version: '3.0.0', previous_version: null, rollback_until: null });
});

/** The refusal of the second of two changes racing from the same state, with the pin read at `statePath` below `base`. */
async function lostRace(t: Test, statePath: string | undefined, base: string): Promise<string> {
  const shop = clientNamed('shop', { pinnedVersion: '3.0.0' });
  const clients = new InMemoryClientRepository([shop]);
  const pins = new ClientPins(clients, lifecycleModel(), statePath);
  t.match(await pins.change(shop, NEWEST_VERSION, today, NOW, base), { pinned_version: NEWEST_VERSION, previous_version: '3.0.0' });
  const second = await pins.change(shop, '4.0.0', today, NOW, base);
  t.type(second, PinConflictError);
  t.match(await clients.named('shop'), { pinnedVersion: NEWEST_VERSION }, 'the first stays');
  return (second as PinConflictError).message;
}

t.test('two changes racing from the same state: the second is refused with a 409 to retry, and the first stays', async (t) => {
  const conflict = 'The pin changed meanwhile (another request, or an operator);';
  t.equal(await lostRace(t, '/client/', ''), `${conflict} read GET /client/ and try again.`, 'the default path, at the root');
  t.equal(await lostRace(t, '/me/', ''), `${conflict} read GET /me/ and try again.`, 'where the API places it');
  t.equal(await lostRace(t, '/me/', '/api'), `${conflict} read GET /api/me/ and try again.`, 'below the base of a mount');
  t.equal(await lostRace(t, undefined, '/api'), `${conflict} try again.`, 'left out: no path named');
});
