import t from 'tap';
import { TEST_ROUTE_CONTRACT } from '../../fixtures/route-contract.js';
import { handlerFor } from '../../fixtures/request-handler.js';
import { DEFAULT_SERVER_LIMITS } from '../../../src/adapters/config/settings.js';
import { ApiServer } from '../../../src/adapters/http/api-server.js';
import { startService } from '../../fixtures/service.js';
import { newestDog } from '../../fixtures/versions.js';
import { WireConnection, within } from '../../fixtures/wire.js';
import { parseRaw, rawHeader } from './fixtures/http-client.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('stop() while a request is in flight: the request completes, then the server stops', async (t) => {
  const service = await startService(t);
  const client = await WireConnection.open(service.port);
  client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nAccept: application/json; version=3.0.0\r\n');
  await settle(150); // time for the server to read the first half, so the connection is not idle

  let stopped = false;
  const stopping = service.stop().then(() => {
    stopped = true;
  });
  await settle(50);
  t.notOk(stopped, 'stop() waits for the request in flight');

  client.write('\r\n');
  await within(client.closed, 3000, 'the connection closes after the response');
  await within(stopping, 3000, 'stop() resolves');
  t.ok(stopped, 'stopped once the request is done');

  const reply = parseRaw(client.text);
  t.equal(reply.statusLine, 'HTTP/1.1 200 OK', 'the in-flight request got its 200');
  t.same(JSON.parse(reply.body), { id: 1, name: 'Biko', birthday: '2014-05-06', age: { human_years: 12, dog_years: 84 } }, 'and its body');
  t.equal(rawHeader(reply, 'connection'), 'close', 'with Connection: close');

  await t.rejects(fetch(`${service.url}/doggies/`), 'no new connection is accepted after the stop');
});

t.test('idle keep-alive connections do not hold up stop()', async (t) => {
  const service = await startService(t);
  const client = await WireConnection.open(service.port);
  client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
  while (!client.text.endsWith('}')) await settle(5);
  t.match(client.text, /^HTTP\/1\.1 200 OK/, 'a keep-alive request was answered');
  t.notMatch(client.text, /Connection: close/i, 'and the connection kept open');
  await within(service.stop(), 3000, 'stop() with an idle keep-alive connection');
  await within(client.closed, 3000, 'the idle connection is closed');
  t.pass('stopped promptly');
});

t.test('stop() is idempotent', async (t) => {
  const service = await startService(t);
  const first = service.stop();
  const second = service.stop();
  await within(Promise.all([first, second]), 3000, 'both stops');
  t.equal(first, second, 'the same promise');
});

t.test('a request that never completes is cut off after the drain timeout', async (t) => {
  const handler = handlerFor([], {
    access: undefined,
    errors: () => undefined,
  });
  const server = new ApiServer(handler, { ...DEFAULT_SERVER_LIMITS, drainTimeoutMs: 200 });
  const { port } = await server.listen(0, '127.0.0.1');
  t.teardown(() => server.stop());
  const client = await WireConnection.open(port);
  client.write('GET /doggies/ HTTP/1.1\r\nHost: x\r\n');
  await settle(150);

  const started = Date.now();
  await within(server.stop(), 3000, 'stop() resolves despite the stuck request');
  await within(client.closed, 3000, 'the stuck connection is closed');
  t.ok(Date.now() - started >= 150, 'not before the drain timeout');
  t.equal(client.text, '', 'the stuck request got no response');
});

t.test('a client that never closes its refused CONNECT does not hold stop() past the drain timeout', async (t) => {
  const handler = handlerFor([], {
    access: undefined,
    errors: () => undefined,
  });
  const server = new ApiServer(handler, { ...DEFAULT_SERVER_LIMITS, drainTimeoutMs: 300 });
  const { port } = await server.listen(0, '127.0.0.1');
  const client = await WireConnection.open(port);
  client.socket.setNoDelay(true);
  client.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
  while (!client.text.includes('}')) await settle(5);
  t.match(client.text, /^HTTP\/1\.1 405 /, 'the CONNECT is refused');
  await within(server.stop(), 5000, 'stop() resolves by the drain timeout');
  client.close();
  t.pass('stopped');
});

t.test('a response still being prepared when stop() is called says Connection: close, and its connection is closed after it', async (t) => {
  let release!: () => void;
  let reached!: () => void;
  const routeReached = new Promise<void>((resolve) => (reached = resolve));
  const slow = {
    pattern: '/slow/',
    contract: TEST_ROUTE_CONTRACT,
    handle: async () => {
      reached();
      await new Promise<void>((resolve) => (release = resolve));
      return { body: { done: true } };
    },
  };
  const handler = handlerFor([slow], {
    access: undefined,
    errors: () => undefined,
  });
  const server = new ApiServer(handler, { ...DEFAULT_SERVER_LIMITS, drainTimeoutMs: 5000 });
  const { port } = await server.listen(0, '127.0.0.1');
  t.teardown(() => server.stop());
  const client = await WireConnection.open(port);
  client.write('GET /slow/ HTTP/1.1\r\nHost: x\r\n\r\n');
  await routeReached;
  const stopping = server.stop();
  release();
  await within(client.closed, 3000, 'the connection closes after the response');
  await within(stopping, 3000, 'stop() resolves');
  const reply = parseRaw(client.text);
  t.equal(reply.statusLine, 'HTTP/1.1 200 OK', 'the request accepted before the stop is answered');
  t.equal(reply.body, '{"done":true}', 'whole');
  t.equal(rawHeader(reply, 'connection'), 'close', 'with Connection: close, so the client opens no new request on it');
});

t.test('a request arriving on an idle keep-alive connection just after stop() is answered, not cut off with it', async (t) => {
  const service = await startService(t, { ACCESS_LOG: 'off' });
  const client = await WireConnection.open(service.port);
  client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
  while (!client.text.endsWith('}')) await settle(5);
  const stopping = service.stop();
  client.write('GET /doggies/2/ HTTP/1.1\r\nHost: x\r\n\r\n'); // already on its way when the stop began
  await within(client.closed, 3000, 'the connection closes after the second response');
  await within(stopping, 3000, 'stop() resolves');
  const second = parseRaw(client.text.slice(client.text.indexOf('HTTP/1.1', 10)));
  t.equal(second.statusLine, 'HTTP/1.1 200 OK', 'the second request is answered');
  t.equal(second.body, JSON.stringify(newestDog({ id: 2, name: 'Laika', birthday: '2019-11-03' })), 'whole');
  t.equal(rawHeader(second, 'connection'), 'close', 'with Connection: close');
});
