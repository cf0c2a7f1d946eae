import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { ROOT } from '../fixtures/served-program.js';
import { apiContracts } from '../../tools/released-contracts.js';

// An API that places its changelog and documents elsewhere, or leaves them out: the contracts are read where they are.
await mkdir(join(ROOT, '.test-build'), { recursive: true });
const folder = await mkdtemp(join(ROOT, '.test-build', 'placed-'));
t.teardown(() => rm(folder, { recursive: true, force: true }));

const api = (endpoints: string): string => `
import { defineApi } from 'version-aware-api';
import { defineOperations, defineVersion } from 'version-aware-api/versioning';
export default defineApi({
  endpoints: ${endpoints},
  operations: [
    defineOperations('PingViewSet', {
      tag: 'Ping',
      operations: { ping: { method: 'GET', path: '/ping', summary: 'Pong', responses: { 200: { type: 'string' } }, handler: () => 'pong' } },
    }),
  ],
  versions: [defineVersion('1.0.0', { notes: ['First'] })],
});
`;

t.test('the contracts of an API whose changelog and documents are placed elsewhere; none when it leaves them out', async (t) => {
  await writeFile(join(folder, 'moved.mjs'), api("{ changelog: '/api/changes/', openapi: '/api/openapi.json' }"));
  const contracts = await apiContracts(join(folder, 'moved.mjs'), 'default');
  t.same(
    contracts.map(({ version, name }) => `${version}/${name}`),
    ['1.0.0/openapi.json', '1.0.0/changelog.json'],
  );
  t.ok(Object.keys((contracts[0]?.content as { paths: object }).paths).includes('/api/changes/'), 'the document lists the moved changelog');
  await writeFile(join(folder, 'no-docs.mjs'), api('{ openapi: false }'));
  await t.rejects(apiContracts(join(folder, 'no-docs.mjs'), 'default'), {
    message: 'the API leaves out its OpenAPI documents (endpoints.openapi): it publishes no contract to freeze',
  });
  await writeFile(join(folder, 'no-changelog.mjs'), api('{ changelog: false }'));
  await t.rejects(apiContracts(join(folder, 'no-changelog.mjs'), 'default'), {
    message: 'the API leaves out its changelog (endpoints.changelog): it publishes no contract to freeze',
  });
});
