// Needs: /usr/bin/wrk
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { Wrk } from '../../bench/harness/wrk.js';
import { externalTool } from '../fixtures/metrics.js';

const command = externalTool(t, 'wrk', 'wrk');

if (command !== undefined) {
  t.test('Wrk: the generated script sends every request with its headers, and its statuses come back counted', async (t) => {
    const seen = new Set<string>();
    const server = createServer((request, response) => {
      const { accept = '', authorization = '', 'if-none-match': ifNoneMatch = '' } = request.headers;
      seen.add(`${request.url} | ${accept} | ${ifNoneMatch} | ${authorization}`);
      response.statusCode = request.url?.startsWith('/nope-') === true ? 404 : ifNoneMatch === '' ? 200 : 304;
      response.end(response.statusCode === 200 ? '{}' : undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.teardown(() => server.close());
    const wrk = Wrk.find(command);
    if (wrk === undefined) throw new Error(`${command} --version names no version`);
    t.match(wrk.version, /^\d+\.\d+\.\d+$/);
    const result = await wrk.run({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      connections: 2,
      duration: 1,
      requests: [
        { path: '/doggies/1/', accept: 'application/json; version=2.1.0', headers: { authorization: 'Bearer k_"1"' } },
        { path: '/doggies/1/', accept: 'application/json; version=5.0.0', ifNoneMatch: 'W/"e\\1"' },
      ],
      uniqueVariants: true,
    });
    t.ok(seen.has('/doggies/1/ | application/json; version=2.1.0 |  | Bearer k_"1"'), 'the first request, its further header');
    t.ok(seen.has('/doggies/1/ | application/json; version=5.0.0 | W/"e\\1" | '), 'the second, its If-None-Match');
    t.ok(seen.has('/doggies/1/ | application/json; version=2.1.0, text/n1-1 |  | '), 'a fresh Accept');
    t.ok(seen.has('/nope-1-2/ | application/json |  | '), 'a fresh unknown path');
    const statuses = Object.values(result.statuses).reduce((sum, count) => sum + count, 0);
    t.equal(statuses, result.requests, 'every answer counted by status');
    t.same(Object.keys(result.statuses).sort(), ['200', '304', '404']);
    t.match(result, { errors: 0, timeouts: 0 });
    t.ok(result.seconds >= 1, 'a whole second at least');
  });

  t.test('Wrk: a fixed number of requests is refused (wrk sends for a time)', async (t) => {
    const wrk = Wrk.find(command) as Wrk;
    await t.rejects(wrk.run({ url: 'http://127.0.0.1:1', connections: 1, duration: 1, amount: 10, requests: [] }), /for a time/);
  });
}
