import { performance } from 'node:perf_hooks';
import { composeApi, defineApi } from '../../src/index.js';
import { AddField, closedObject, defineCollection, defineVersion, recordChange, recordId, recordType } from '../../src/versioning.js';

/**
 * One run of `npm run bench:history`, in a process of its own: an API of N versions, each adding one field to one
 * record type (through the public entry only), 1,000 records; prints as one JSON line how long the API took to be
 * declared and composed, and the first (cold) answers at the oldest and the newest version.
 */
const versionCount = Number(process.argv[2]);
const started = performance.now();
const THING = recordType<Record<string, number>>('Thing');
const fieldNames = Array.from({ length: versionCount }, (_, index) => `f${index}`);
const fields = Object.fromEntries(fieldNames.map((name) => [name, { type: 'integer' }]));
const collection = defineCollection({
  name: 'things',
  head: {
    key: THING,
    represent: (thing) => ({ ...thing }),
    schema: closedObject({ id: { type: 'integer', minimum: 1 }, ...fields }),
    example: { id: 1, ...Object.fromEntries(fieldNames.map((name) => [name, 1])) },
  },
  viewSet: 'ThingViewSet',
  parse: (input) => Object.freeze({ ...(input as Record<string, number>), id: recordId((input as { id: unknown }).id) }),
  path: '/things/',
  tag: 'Things',
  routes: { list: { operationId: 'listThings', summary: 'Things' }, retrieve: { operationId: 'retrieveThing', summary: 'A thing' } },
});
const versions = Array.from({ length: versionCount }, (_, index) => {
  const major = versionCount - index;
  return defineVersion(`${major}.0.0`, {
    notes: [`Version ${major}`],
    ...(major === 1 ? {} : { records: () => [recordChange(THING, new AddField({ fieldName: `f${major - 1}`, schema: { type: 'integer' } }))] }),
  });
});
const things = Array.from({ length: 1000 }, (_, index) => ({ id: index + 1, ...Object.fromEntries(fieldNames.map((name) => [name, index])) }));
const api = defineApi({ collections: [collection], versions, sample: { things } });
const declared = performance.now();
const service = await composeApi(api, { TODAY: '2026-11-22', ACCESS_LOG: 'off' }, { stdout: () => {}, stderr: (line) => console.error(line) });
const composed = performance.now();
const { port } = await service.server.listen(0, '127.0.0.1');
const timed = async (path: string, version: string): Promise<number> => {
  const start = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { accept: `application/json; version=${version}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} at ${version}: ${response.status}`);
  return performance.now() - start;
};
// The service's first requests compile its code: one page at each end first, then pages of other records, which
// the answer cache has not seen.
await timed('/things/?limit=100&offset=900', `${versionCount}.0.0`);
await timed('/things/?limit=100&offset=800', '1.0.0');
const newestPage = await timed('/things/?limit=100&offset=0', `${versionCount}.0.0`);
const oldestPage = await timed('/things/?limit=100&offset=100', '1.0.0');
const oldestRecord = await timed('/things/500/', '1.0.0');
await service.stop();
console.log(
  JSON.stringify({ versions: versionCount, declare_ms: declared - started, compose_ms: composed - declared, oldestRecord, oldestPage, newestPage }),
);
