import t, { type Test } from 'tap';
import { SHOP } from './fixtures/shop-api.js';
import { startService, type RunningService } from './fixtures/service.js';
import { testDatabase } from './fixtures/postgres/test-database.js';
import { createPool } from '../src/adapters/persistence/postgres/postgres-pool.js';
import { migrateSchema } from '../src/adapters/persistence/postgres/postgres-schema.js';
import { recordTableOf } from '../src/adapters/persistence/postgres/record-table.js';
import { ORDERS } from './fixtures/shop-api.js';
import { keyedClient, withClients } from './fixtures/clients.js';

const SHOPKEEPER = keyedClient('shopkeeper', '2.0.0');

// Writes with request migrations (issue 48): a body is checked at its version, upgraded, checked as the newest shape,
// stored, and answered at its version. The same checks run on both storages.

const at = (version: string, more: Record<string, string> = {}): Record<string, string> => ({
  accept: `application/json; version=${version}`,
  'content-type': 'application/json',
  ...more,
});

async function send(url: string, method: string, path: string, version: string, body: unknown, more: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, { method, headers: at(version, more), body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const read = async (url: string, path: string, version: string): Promise<unknown> => (await fetch(`${url}${path}`, { headers: at(version) })).json();

async function writes(t: Test, service: RunningService): Promise<void> {
  const { url } = service;

  await t.test('a create in the oldest writable shape is stored in the newest and answered in its own', async (t) => {
    const created = await send(url, 'POST', '/orders/', '2.0.0', { amount: 990, status: 'placed' });
    t.equal(created.status, 201);
    const id = created.body.id as number;
    t.same(created.body, { id, amount: 990, status: 'placed' }, "answered in 2.0.0's shape");
    t.equal(created.headers.get('location'), `/orders/${id}/`);
    t.equal(created.headers.get('content-type'), 'application/json; version=2.0.0');
    t.same(
      await read(url, `/orders/${id}/`, '4.0.0'),
      { id, amount: { value: 990, currency: 'EUR' }, state: 'placed' },
      'stored in the newest shape',
    );
    const newest = await send(url, 'POST', '/orders/', '4.0.0', { amount: { value: 5000, currency: 'USD' }, state: 'paid', note: 'gift' });
    t.same(newest.body, { id: id + 1, amount: { value: 5000, currency: 'USD' }, state: 'paid', note: 'gift' }, 'the next id, the newest shape');
  });

  await t.test('an update is a merge patch in its version’s shape, upgraded before it is merged', async (t) => {
    const { body } = await send(url, 'POST', '/orders/', '4.0.0', { amount: { value: 700, currency: 'USD' }, state: 'placed' });
    const path = `/orders/${body.id as number}/`;
    const renamed = await send(url, 'PATCH', path, '1.0.0', { status: 'paid' });
    t.same([renamed.status, renamed.body], [200, { id: body.id, amount: 700, status: 'paid' }], '1.0.0: status, upgraded to state');
    t.same(
      await read(url, path, '4.0.0'),
      { id: body.id, amount: { value: 700, currency: 'USD' }, state: 'paid' },
      'the currency kept: amount was not sent',
    );
    const nested = await send(
      url,
      'PATCH',
      path,
      '4.0.0',
      { amount: { value: 800 }, note: 'wrapped' },
      { 'content-type': 'application/merge-patch+json' },
    );
    t.same(nested.body, { id: body.id, amount: { value: 800, currency: 'USD' }, state: 'paid', note: 'wrapped' }, 'merged into the object');
    const removed = await send(url, 'PATCH', path, '4.0.0', { note: null });
    t.same(removed.body, { id: body.id, amount: { value: 800, currency: 'USD' }, state: 'paid' }, 'null removes an optional field');
    const old = await send(url, 'PATCH', path, '3.0.0', { amount: 900 });
    t.same(await read(url, path, '4.0.0'), { id: body.id, amount: { value: 900, currency: 'EUR' }, state: 'paid' }, "3.0.0's amount is in EUR");
    t.equal(old.status, 200);
  });

  await t.test('a refusal is a 422 naming the field, the rule and the version', async (t) => {
    const wrongType = await send(url, 'POST', '/orders/', '3.0.0', { amount: 'ten', state: 'placed' });
    t.same([wrongType.status, wrongType.body.detail], [422, 'The body does not fit Order at version 3.0.0: "amount" must be integer (type).']);
    const oldName = await send(url, 'POST', '/orders/', '3.0.0', { amount: 10, status: 'placed' });
    t.equal(oldName.status, 422);
    t.match(
      oldName.body.detail,
      /"state" is required \(required\); "status" is not a field of this record \(additionalProperties\)/,
      "2.0.0's name at 3.0.0",
    );
    const rule = await send(url, 'POST', '/orders/', '2.0.0', { amount: 50, status: 'shipped' });
    t.same(
      [rule.status, rule.body.detail],
      [422, 'The body, upgraded from version 2.0.0 to 4.0.0, breaks a rule of Order: "amount.value" must be at least 100 for a shipped order.'],
      "the record's own rule, once upgraded",
    );
    const patched = await send(url, 'PATCH', '/orders/1/', '4.0.0', { state: 'shipped', amount: { value: 99 } });
    t.equal(patched.status, 422, 'a patch whose result breaks a rule');
    t.same(await read(url, '/orders/1/', '4.0.0'), { id: 1, amount: { value: 1250, currency: 'USD' }, state: 'paid' }, 'and nothing changed');
    const idPatch = await send(url, 'PATCH', '/orders/1/', '4.0.0', { id: 7 });
    t.match(idPatch.body.detail, /"id" is not a field of this record/, 'an id is never patched');
    const many = await send(url, 'POST', '/orders/', '4.0.0', { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 });
    t.match(many.body.detail, /; and \d+ more\.$/, 'five problems named, the rest counted');
  });

  await t.test('what a body cannot be: 415, 413, 400', async (t) => {
    t.equal((await send(url, 'POST', '/orders/', '4.0.0', '{}', { 'content-type': 'text/plain' })).status, 415);
    t.equal(
      (await send(url, 'POST', '/orders/', '4.0.0', '{}', { 'content-type': 'application/merge-patch+json' })).status,
      415,
      'a merge patch is no create',
    );
    const large = await send(url, 'POST', '/orders/', '4.0.0', { note: 'x'.repeat(70_000) });
    t.same([large.status, large.body.detail], [413, 'The body is over 65536 bytes.']);
    t.equal((await send(url, 'POST', '/orders/', '4.0.0', '{"amount":')).status, 400, 'not JSON');
    const deep = await send(url, 'POST', '/orders/', '4.0.0', '['.repeat(40) + ']'.repeat(40));
    t.same([deep.status, deep.body.detail], [400, 'The body nests arrays and objects deeper than 32 levels.']);
  });

  await t.test('where a write is not: 404 before its version, 405 for another method, OPTIONS naming it', async (t) => {
    t.equal((await send(url, 'POST', '/orders/', '1.0.0', { amount: 10, status: 'placed' })).status, 404, 'create introduced at 2.0.0');
    t.equal((await send(url, 'PATCH', '/orders/999/', '4.0.0', { state: 'paid' })).status, 404, 'no such record');
    t.equal((await send(url, 'PATCH', '/orders/x/', '4.0.0', { state: 'paid' })).status, 404, 'no such id');
    const put = await fetch(`${url}/orders/`, { method: 'PUT', headers: at('4.0.0'), body: '{}' });
    t.same([put.status, put.headers.get('allow')], [405, 'GET, HEAD, POST, OPTIONS']);
    const options = await fetch(`${url}/orders/1/`, { method: 'OPTIONS' });
    t.equal(options.headers.get('allow'), 'GET, HEAD, PATCH, OPTIONS');
  });

  await t.test('Idempotency-Key: a retried create makes one record; the key with another body is refused', async (t) => {
    const body = { amount: { value: 4200, currency: 'EUR' }, state: 'placed' };
    const first = await send(url, 'POST', '/orders/', '4.0.0', body, { 'idempotency-key': 'order-42' });
    const again = await send(url, 'POST', '/orders/', '4.0.0', body, { 'idempotency-key': 'order-42' });
    t.same([again.status, again.body, again.headers.get('location')], [201, first.body, first.headers.get('location')], 'the same record');
    t.same([first.headers.get('idempotent-replayed'), again.headers.get('idempotent-replayed')], [null, 'true']);
    const other = await send(url, 'POST', '/orders/', '4.0.0', { ...body, state: 'paid' }, { 'idempotency-key': 'order-42' });
    t.same(
      [other.status, other.body.detail],
      [
        422,
        'This Idempotency-Key was sent before with another request: send a new key for a new request, or the same request to be answered as before.',
      ],
    );
    const quoted = await send(url, 'POST', '/orders/', '4.0.0', body, { 'idempotency-key': '"order-42"' });
    t.equal(quoted.body.id, first.body.id, "the IETF draft's quoted key is the same key");
    t.equal((await send(url, 'POST', '/orders/', '4.0.0', body, { 'idempotency-key': 'two words' })).status, 400, 'not a key');
    const total = (await fetch(`${url}/orders/?limit=1`)).headers.get('x-total-count');
    t.ok(total !== null && Number(total) > 1, 'the collection counts its records');
  });

  await t.test('the documents publish each version’s write with its body schema', async (t) => {
    type Doc = {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const old = (await read(url, '/openapi.json', '1.0.0')) as Doc;
    t.same(Object.keys(old.paths['/orders/'] ?? {}), ['get', 'options'], '1.0.0: no create');
    t.same(Object.keys(old.paths['/orders/{id}/'] ?? {}), ['get', 'patch', 'options'], '1.0.0: an update');
    t.same(old.components.schemas['OrderPatch'], {
      type: 'object',
      properties: {
        amount: { type: 'integer', minimum: 1 },
        status: { type: 'string', enum: ['placed', 'paid', 'shipped'] },
        note: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
      },
      required: [],
      additionalProperties: false,
    });
    const newest = (await read(url, '/openapi.json', '4.0.0')) as Doc;
    const post = newest.paths['/orders/']?.post as { responses: Record<string, unknown> };
    t.same(Object.keys(post.responses).sort(), ['201', '400', '401', '404', '405', '406', '409', '410', '413', '415', '422', '500', '503']);
    t.same(newest.components.schemas['NewOrder'], {
      type: 'object',
      properties: ORDER_BODY,
      required: ['amount', 'state'],
      additionalProperties: false,
    });
  });

  await t.test("a client's write is served at its pin, and its Idempotency-Key is its own", async (t) => {
    const keyed = { authorization: `Bearer ${SHOPKEEPER.key}` };
    const body = { amount: 300, status: 'placed' };
    const response = await fetch(`${url}/orders/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'mine', ...keyed },
      body: JSON.stringify(body),
    });
    const mine = (await response.json()) as { id: number };
    t.same([response.status, response.headers.get('content-type')], [201, 'application/json; version=2.0.0'], "at the client's pin, 2.0.0");
    t.same(mine, { id: mine.id, ...body }, "in 2.0.0's shape");
    const anonymous = await send(url, 'POST', '/orders/', '2.0.0', body, { 'idempotency-key': 'mine' });
    t.not(anonymous.body.id, mine.id, 'the same key, anonymous: another record');
    const unsupported = await fetch(`${url}/orders/1/`, { method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: '{}' });
    t.same(
      [unsupported.status, ((await unsupported.json()) as { detail: string }).detail],
      [415, 'The body must be a JSON merge patch: send Content-Type: application/merge-patch+json (or application/json).'],
    );
  });

  await t.test('a CORS preflight allows the writes and the Idempotency-Key', async (t) => {
    const preflight = await fetch(`${url}/orders/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    t.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, OPTIONS, PUT, POST, PATCH');
    t.match(preflight.headers.get('access-control-allow-headers'), /Idempotency-Key/);
  });

  t.notOk(service.stdout.concat(service.stderr).join('\n').includes('gift'), 'no body reaches a log line');
}

const ORDER_BODY = {
  amount: {
    type: 'object',
    properties: { value: { type: 'integer', minimum: 1 }, currency: { type: 'string', enum: ['EUR', 'USD'] } },
    required: ['value', 'currency'],
    additionalProperties: false,
  },
  state: { type: 'string', enum: ['placed', 'paid', 'shipped'] },
  note: { type: 'string', maxLength: 200 },
};

t.test('writes in memory', async (t) => {
  const service = await startService(t, {}, withClients([SHOPKEEPER]), SHOP);
  await writes(t, service);
});

t.test('writes on PostgreSQL', async (t) => {
  const url = await testDatabase(t);
  if (url === undefined) return;
  const pool = createPool({ url, size: 1, onIdleError: () => undefined });
  t.teardown(() => pool.end());
  const table = recordTableOf(ORDERS);
  await migrateSchema(pool, [table]);
  await pool.query(`INSERT INTO orders (id, amount, state) VALUES (1, '{"value": 1250, "currency": "USD"}', 'paid')`);
  const service = await startService(t, { STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '3' }, withClients([SHOPKEEPER]), SHOP);
  await writes(t, service);
});

t.test('the in-memory storage of several processes takes no write: each would hold its own', async (t) => {
  const service = await startService(t, { WORKERS: '2' }, {}, SHOP);
  const refused = await send(service.url, 'POST', '/orders/', '4.0.0', { amount: { value: 10, currency: 'EUR' }, state: 'placed' });
  t.same(
    [refused.status, refused.body.detail],
    [
      409,
      'Writes are taken here only with STORAGE=postgres, or with the in-memory storage in one process (WORKERS=1): another process would not see them.',
    ],
  );
});
