import { request } from 'node:http';
import t from 'tap';
import { TEST_ROUTE_CONTRACT } from '../../fixtures/route-contract.js';
import { handlerFor } from '../../fixtures/request-handler.js';
import { DEFAULT_SERVER_LIMITS } from '../../../src/adapters/config/settings.js';
import { ApiServer } from '../../../src/adapters/http/api-server.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';

t.test('a client that leaves before its response is logged with status 499', async (t) => {
  const access: string[] = [];
  let reached!: () => void;
  const routeReached = new Promise<void>((resolve) => (reached = resolve));
  const handler = handlerFor(
    [
      {
        pattern: '/slow/',
        contract: TEST_ROUTE_CONTRACT,
        handle: () => {
          reached();
          return new Promise(() => {});
        },
      },
    ],
    { access: (line) => access.push(line), errors: () => {} },
  );
  const server = new ApiServer(handler, { ...DEFAULT_SERVER_LIMITS, drainTimeoutMs: 100 });
  const { port } = await server.listen(0, '127.0.0.1');
  t.teardown(() => server.stop());

  const abandoned = request({ port, host: '127.0.0.1', path: '/slow/' });
  abandoned.on('error', () => {});
  abandoned.end();
  await routeReached;
  abandoned.destroy();
  while (access.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  t.match(JSON.parse(access[0] as string), { method: 'GET', path: '/slow/', status: 499, version: NEWEST_VERSION });
});
