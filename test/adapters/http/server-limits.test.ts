import t, { type Test } from 'tap';
import { connectionsCheckingInterval } from '../../../src/adapters/http/server-options.js';
import { bearer, keyedClient, withClients } from '../../fixtures/clients.js';
import { startService } from '../../fixtures/service.js';
import { header, readResponses, WireConnection, within, type WireResponse } from '../../fixtures/wire.js';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function checkJsonError(t: Test, response: WireResponse, status: number, detail: string, what: string): void {
  t.equal(response.status, status, `${what}: ${status}`);
  t.same(JSON.parse(response.body), { detail }, `${what}: JSON body`);
  t.equal(header(response, 'content-type'), 'application/json', `${what}: Content-Type`);
  t.equal(header(response, 'x-content-type-options'), 'nosniff', `${what}: nosniff`);
  t.equal(header(response, 'vary'), 'Accept, Api-Version, Authorization', `${what}: Vary, as on every answer`);
}

t.test('node looks for timed-out connections every tenth of the headers timeout, between 10 ms and 1 s', async (t) => {
  const cases: [number, number][] = [
    [1, 10],
    [99, 10],
    [100, 10],
    [250, 25],
    [5000, 500],
    [10_000, 1000],
    [60_000, 1000],
    [2_147_483_647, 1000],
  ];
  for (const [timeout, interval] of cases)
    t.equal(connectionsCheckingInterval(timeout), interval, `headers timeout ${timeout} ms: every ${interval} ms`);
});

t.test('a slowloris client (headers one byte at a time) is cut off with a 408 while other clients are served', async (t) => {
  // Scaled down: one byte every 100 ms against a 300 ms headers timeout (a byte a second against 10 s by default).
  const service = await startService(t, { HEADERS_TIMEOUT_MS: '300', REQUEST_TIMEOUT_MS: '600', ACCESS_LOG: 'off' });
  const slow = await WireConnection.open(service.port);
  slow.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n');
  const drip = 'X-Slow: ' + 'a'.repeat(100); // 10 s at this pace, far beyond the timeout
  let sent = 0;
  const dripping = (async () => {
    for (const byte of drip) {
      if (slow.isClosed) break;
      slow.write(byte);
      sent += 1;
      await settle(100);
    }
  })();

  const others: number[] = [];
  while (!slow.isClosed && sent < drip.length) {
    const response = await fetch(`${service.url}/doggies/1/`);
    others.push(response.status);
    await response.arrayBuffer();
    await settle(20);
  }
  await dripping;
  t.ok(sent < drip.length, `the slow client was cut off before it finished its headers (after ${sent} of ${drip.length} bytes)`);
  checkJsonError(t, await slow.nextResponse(), 408, 'Request Timeout.', 'the slow client');
  await within(slow.closed, 5000, 'its connection is closed');
  t.ok(others.length > 0, `other clients were answered meanwhile (${others.length} requests)`);
  t.ok(
    others.every((status) => status === 200),
    'every one with 200',
  );
});

t.test('a client that stops halfway through its headers is answered 408 within the timeout', async (t) => {
  const service = await startService(t, { HEADERS_TIMEOUT_MS: '200', REQUEST_TIMEOUT_MS: '200', ACCESS_LOG: 'off' });
  const stalled = await WireConnection.open(service.port);
  stalled.write('GET /doggies/ HTTP/1.1\r\nHost: x\r\nAcc');
  checkJsonError(t, await stalled.nextResponse(5000), 408, 'Request Timeout.', 'the stalled client');
  await within(stalled.closed, 5000, 'the connection closes');
  t.equal((await fetch(`${service.url}/doggies/1/`)).status, 200, 'the service still answers');
});

t.test('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async (t) => {
  const service = await startService(t, { KEEP_ALIVE_TIMEOUT_MS: '150', ACCESS_LOG: 'off' });
  const client = await WireConnection.open(service.port);
  client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
  const response = await client.nextResponse();
  t.equal(response.status, 200, 'the request is answered');
  t.equal(header(response, 'connection'), 'keep-alive', 'and the connection kept open');
  await within(client.closed, 5000, 'the idle connection is closed by the server');
  t.pass('closed by the server');
});

t.test('MAX_REQUESTS_PER_SOCKET closes a connection after that many requests, the last saying Connection: close', async (t) => {
  const service = await startService(t, { MAX_REQUESTS_PER_SOCKET: '3', ACCESS_LOG: 'off' });
  const client = await WireConnection.open(service.port);
  const connections: (string | undefined)[] = [];
  for (let index = 0; index < 3; index++) {
    client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
    const response = await client.nextResponse();
    t.equal(response.status, 200, `request ${index + 1}: 200`);
    connections.push(header(response, 'connection'));
  }
  t.same(connections, ['keep-alive', 'keep-alive', 'close'], 'the third response closes the connection');
  await within(client.closed, 5000, 'the server closes it');

  const pipelined = await WireConnection.open(service.port);
  pipelined.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(5));
  const statuses: number[] = [];
  for (;;) {
    const response = await pipelined.nextResponse().catch(() => undefined);
    if (response === undefined) break;
    statuses.push(response.status);
  }
  t.same(statuses, [200, 200, 200], 'five pipelined requests: three answered, then the connection closes (no 503)');
  t.equal(pipelined.unread, '', 'nothing after the third response');
});

t.test('requests pipelined past MAX_REQUESTS_PER_SOCKET are not run: not logged, not counted; every answer sent arrives', async (t) => {
  const service = await startService(t, { MAX_REQUESTS_PER_SOCKET: '5' });
  const pipelined = await WireConnection.open(service.port);
  pipelined.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(40));
  await within(pipelined.closed, 5000, 'the server closes the connection');
  const { responses } = readResponses(Buffer.from(pipelined.text, 'latin1'));
  t.same(
    responses.map(({ status }) => status),
    [200, 200, 200, 200, 200],
    'five answered',
  );
  t.equal(service.stdout.length, 5, 'five access lines: the thirty-five past the limit were never run');

  // So many pipelined requests that the server stops reading before it answers the last it may: the input it has not
  // read must not turn the close into a reset, which would take answers already sent with it.
  const limit = 1000;
  const busy = await startService(t, { MAX_REQUESTS_PER_SOCKET: String(limit), ACCESS_LOG: 'off' });
  const flood = await WireConnection.open(busy.port);
  flood.write('GET /doggies/?limit=3 HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3 * limit));
  await within(flood.closed, 20_000, 'the server closes the flooded connection');
  const answered = readResponses(Buffer.from(flood.text, 'latin1')).responses;
  t.equal(answered.length, limit, `${limit} answers of ${3 * limit} pipelined, none lost`);
  t.equal(header(answered.at(-1) as WireResponse, 'connection'), 'close', 'the last says Connection: close');
});

t.test('a body over its limit: the 413 arrives whole though the client sends on, since its connection lingers', async (t) => {
  const shop = keyedClient('shop', '3.0.0');
  const service = await startService(t, { ACCESS_LOG: 'off' }, withClients([shop]));
  const head = `PUT /client/version HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer(shop.key).authorization}\r\nContent-Type: application/json\r\n`;
  const cases: [string, string, string][] = [
    ['declared over the limit, refused before a byte of it is read', `${head}Content-Length: 10000000\r\n\r\n`, 'x'.repeat(16_384)],
    ['chunked, refused once past the limit', `${head}Transfer-Encoding: chunked\r\n\r\n`, `4000\r\n${'x'.repeat(16_384)}\r\n`],
  ];
  for (const [what, request, chunk] of cases) {
    const client = await WireConnection.open(service.port);
    // As a client that sends its whole body before it reads the answer: a reset from the server would take the answer with it.
    client.socket.pause();
    client.write(request);
    for (let sent = 0; sent < 40 && !client.isClosed; sent++) {
      client.write(chunk);
      await settle(2);
    }
    client.socket.resume();
    const response = await client.nextResponse();
    t.equal(response.status, 413, `${what}: 413`);
    t.same(JSON.parse(response.body), { detail: 'The body is over 1024 bytes.' }, `${what}: its whole body`);
    t.equal(header(response, 'connection'), 'close', `${what}: Connection: close`);
    await within(client.closed, 5000, `${what}: then the connection ends`);
    t.equal(client.unread, '', `${what}: with nothing after the 413`);
  }
  const pipelined = await WireConnection.open(service.port);
  pipelined.write(`${head}Content-Length: 2000\r\n\r\n${'x'.repeat(2000)}GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n`);
  t.equal((await pipelined.nextResponse()).status, 413, 'a request pipelined behind the oversized body: the 413');
  await within(pipelined.closed, 5000, 'then the connection ends');
  t.equal(pipelined.unread, '', 'and the request behind it is never run');
});

t.test('MAX_REQUESTS_PER_SOCKET=0 sets no limit', async (t) => {
  const service = await startService(t, { MAX_REQUESTS_PER_SOCKET: '0', ACCESS_LOG: 'off' });
  const client = await WireConnection.open(service.port);
  t.teardown(() => client.close());
  for (let index = 0; index < 20; index++) {
    client.write('GET /doggies/1/ HTTP/1.1\r\nHost: x\r\n\r\n');
    const response = await client.nextResponse();
    if (header(response, 'connection') !== 'keep-alive') t.fail(`request ${index + 1} closed the connection`);
  }
  t.notOk(client.isClosed, 'twenty requests on one connection, still open');
});

t.test('MAX_HEADER_SIZE sets the largest header block: a larger one is a 431 JSON', async (t) => {
  const request = `GET /doggies/1/ HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(2000)}\r\nConnection: close\r\n\r\n`;
  const small = await startService(t, { MAX_HEADER_SIZE: '1024', ACCESS_LOG: 'off' });
  const refused = await WireConnection.open(small.port);
  refused.write(request);
  t.equal((await refused.nextResponse()).status, 431, 'a 2 KB header block against 1 KiB: 431 (its JSON answer: client-errors.test.ts)');

  const large = await startService(t, { ACCESS_LOG: 'off' });
  const served = await WireConnection.open(large.port);
  served.write(request);
  t.equal((await served.nextResponse()).status, 200, 'the same request is served with the default 16 KiB');
});
