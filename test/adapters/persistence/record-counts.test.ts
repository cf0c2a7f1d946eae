import { join } from 'node:path';
import t from 'tap';
import type { ApiDefinition } from '../../../src/api-definition.js';
import { composeApi } from '../../../src/container.js';
import { REFERENCE_API } from '../../../src/reference-api.js';
import { invoiceApi } from '../../fixtures/invoice-api.js';

/** The API's service composed with these settings, stopped at once: its storage line and what it wrote on stderr. */
async function start(env: Record<string, string>, api: ApiDefinition = REFERENCE_API): Promise<{ storage: string; stderr: string[] }> {
  const stderr: string[] = [];
  const service = await composeApi(api, { TODAY: '2026-11-22', ...env }, { stdout: () => {}, stderr: (line) => stderr.push(line) });
  await service.stop();
  return { storage: service.storage, stderr };
}

t.test('the start names how many records each collection holds, and warns when the storage holds none', async (t) => {
  const dir = t.testdir({ 'empty.json': '{}', 'dogs.json': JSON.stringify({ dogs: [{ id: 1, name: 'Biko' }] }) });
  const sample = await start({});
  t.equal(sample.storage, 'memory (dogs: 5, cats: 3) from the bundled sample data', 'the sample: its counts');
  t.same(sample.stderr, [], 'the sample: no warning');
  const dogsOnly = await start({ DATA_FILE: join(dir, 'dogs.json') });
  t.match(dogsOnly.storage, /^memory \(dogs: 1, cats: 0\) from DATA_FILE /, 'one collection empty: counted');
  t.same(dogsOnly.stderr, [], 'one collection empty: no warning');
  const empty = await start({ DATA_FILE: join(dir, 'empty.json') });
  t.match(empty.storage, /^memory \(dogs: 0, cats: 0\) from DATA_FILE /, 'nothing: counted');
  t.equal(empty.stderr.length, 1, 'nothing: one warning');
  t.match(
    JSON.parse(empty.stderr[0] as string),
    { level: 'warn', message: /^the storage holds no records: every list is empty and every record a 404\. .*npm run load-data -- --sample/ },
    'nothing: it says so, and how to fill it',
  );
});

t.test('an API of operations only: its line says the layer keeps no records of its own, and names no sample', async (t) => {
  const operationsOnly = await start({}, invoiceApi());
  t.equal(operationsOnly.storage, "memory (no collections: no records of the layer's own)", 'no collections, no sample');
  t.same(operationsOnly.stderr, [], 'and no warning of an empty storage');
  t.equal((await start({})).storage, 'memory (dogs: 5, cats: 3) from the bundled sample data', "the reference's line is as it was");
});
