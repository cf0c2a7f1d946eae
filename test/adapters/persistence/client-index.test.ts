import t from 'tap';
import { ClientIndex } from '../../../src/adapters/persistence/client-index.js';
import { clientNamed } from '../../fixtures/contracts/client-repository-contract.js';

t.test('the index by name and by key hash: held in order, replaced in place, forgotten, replaced whole', async (t) => {
  const index = new ClientIndex();
  const [zeta, alpha] = [clientNamed('zeta'), clientNamed('alpha')];
  index.put(zeta);
  index.put(alpha);
  t.same(
    index.inOrder().map(({ name }) => name),
    ['zeta', 'alpha'],
    'in the order first held',
  );
  t.same(
    index.all().map(({ name }) => name),
    ['alpha', 'zeta'],
    'all: by name',
  );
  const rekeyed = { ...zeta, keyHash: 'b'.repeat(64), pinnedVersion: '5.0.0' };
  index.put(rekeyed);
  t.same(
    index.inOrder().map(({ name, pinnedVersion }) => `${name} ${pinnedVersion}`),
    ['zeta 5.0.0', 'alpha 4.0.0'],
    'replaced in its place',
  );
  t.equal(index.withKeyHash(zeta.keyHash), undefined, 'the old key no longer names it');
  t.equal(index.holdsKeyHash(zeta.keyHash), false);
  t.equal(index.withKeyHash(rekeyed.keyHash), rekeyed);
  index.put({ ...alpha, revokedAt: 1 });
  t.equal(index.withKeyHash(alpha.keyHash), undefined, 'a revoked key names no client');
  t.equal(index.holdsKeyHash(alpha.keyHash), true, 'but stays taken');
  index.forget('alpha');
  index.forget('nobody');
  t.equal(index.named('alpha'), undefined, 'forgotten');
  t.equal(index.holdsKeyHash(alpha.keyHash), false);
  index.replaceAll([alpha]);
  t.same(index.inOrder(), [alpha], 'replaced whole');
});
