import t from 'tap';
import { ContainerModule } from 'inversify';
import { CacheSizes, DEFAULT_CACHE_SIZES } from '../../../../src/adapters/caching/cache-sizes.js';
import { startService } from '../../../fixtures/service.js';
import { invoiceApi, Invoices, type StoredInvoice } from '../../../fixtures/invoice-api.js';

const at = (version: string) => ({ accept: `application/json; version=${version}` });

t.test('an operation of its own: the newest shape walked back to each version, the nested customer too', async (t) => {
  const invoices = new Invoices();
  const service = await startService(t, {}, {}, invoiceApi(invoices));
  const get = async (path: string, version: string) => {
    const response = await fetch(`${service.url}${path}`, { headers: at(version) });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  const newest = await get('/invoices/inv_1/', '3.0.0');
  t.same(newest.body, {
    id: 'inv_1',
    customer: { id: 'cus_ada', display_name: 'Ada' },
    amount: { value: 1250, currency: 'EUR' },
    status: 'open',
    created: '2026-11-01T10:00:00Z',
  });
  t.equal(newest.headers.get('content-type'), 'application/json; version=3.0.0');
  t.ok(newest.headers.get('etag'), 'a GET has an ETag');
  t.same((await get('/invoices/inv_1/', '2.0.0')).body, {
    id: 'inv_1',
    customer: { id: 'cus_ada', name: 'Ada' },
    amount: { value: 1250, currency: 'EUR' },
    status: 'issued',
    created: '2026-11-01T10:00:00Z',
  });
  t.same((await get('/invoices/inv_1/', '1.0.0')).body, {
    id: 'inv_1',
    customer: { id: 'cus_ada', name: 'Ada' },
    amount: 1250,
    status: 'issued',
    created: '2026-11-01T10:00:00Z',
  });
  const page = await get('/invoices/', '1.0.0');
  t.same(
    (page.body as { data: unknown[] }).data[1],
    { id: 'inv_2', customer: { id: 'cus_grace', name: 'Grace' }, amount: 990, status: 'paid', created: '2026-11-02T10:00:00Z' },
    'in a page, in an array',
  );
  const ids = async (path: string, version: string) => ((await get(path, version)).body as { data: { id: string }[] }).data.map(({ id }) => id);
  t.same(
    await ids('/invoices/?status=issued', '1.0.0'),
    ['inv_1'],
    "a query parameter read as the field is at the request's version, upgraded for the handler",
  );
  t.same(await ids('/invoices/?status=open', '3.0.0'), ['inv_1']);
  t.match((await get('/invoices/?status=open', '1.0.0')).body, {
    detail: /The query parameter "status" \("open"\) must be equal to one of the allowed values/,
  });
  const listParameters = (
    (await get('/openapi.json', '1.0.0')).body as { paths: Record<string, { get: { parameters: { name: string; schema: unknown }[] } }> }
  ).paths['/invoices/']?.get.parameters;
  t.same(
    listParameters?.find(({ name }) => name === 'status')?.schema,
    { $ref: '#/components/schemas/Invoice/properties/status' },
    "the document's parameter is the field of the version's Invoice",
  );
  t.same(await get('/invoices/inv_9/', '3.0.0'), {
    status: 404,
    body: { detail: 'No invoice has this id.' },
    headers: (await get('/invoices/inv_9/', '3.0.0')).headers,
  });
  const bad = await get('/invoices/bill_1/', '3.0.0');
  t.equal(bad.status, 400);
  t.match((bad.body as { detail: string }).detail, /path parameter "id" \("bill_1"\) must match pattern/);
  const pay = await fetch(`${service.url}/invoices/inv_1/pay`, { method: 'POST', headers: at('1.0.0') });
  t.equal(pay.status, 404, 'pay is not at 1.0.0');
  const paid = await fetch(`${service.url}/invoices/inv_1/pay`, { method: 'POST', headers: at('2.0.0') });
  t.same(await paid.json(), {
    id: 'inv_1',
    customer: { id: 'cus_ada', name: 'Ada' },
    amount: { value: 1250, currency: 'EUR' },
    status: 'paid',
    created: '2026-11-01T10:00:00Z',
  });
  const again = await fetch(`${service.url}/invoices/inv_1/pay`, { method: 'POST', headers: at('2.0.0') });
  t.same([again.status, await again.json()], [409, { detail: 'Only an open invoice is paid; this one is paid.' }]);
  const created = await fetch(`${service.url}/invoices/`, {
    method: 'POST',
    headers: { ...at('1.0.0'), 'content-type': 'application/json' },
    body: JSON.stringify({ customer_id: 'cus_grace', amount: 500, finalize: true }),
  });
  t.equal(created.status, 201);
  t.equal(created.headers.get('location'), '/invoices/inv_3/');
  t.same(await created.json(), {
    id: 'inv_3',
    customer: { id: 'cus_grace', name: 'Grace' },
    amount: 500,
    status: 'issued',
    created: '2026-11-22T09:00:00Z',
  });
  t.same(
    (invoices.calls[0] as { body: unknown }).body,
    { customer_id: 'cus_grace', amount: { value: 500, currency: 'EUR' }, finalize: true },
    'the handler got the newest shape',
  );
  const readOnly = await fetch(`${service.url}/invoices/`, {
    method: 'POST',
    headers: { ...at('3.0.0'), 'content-type': 'application/json' },
    body: JSON.stringify({ customer_id: 'cus_grace', amount: { value: 5, currency: 'EUR' }, id: 'inv_x' }),
  });
  t.equal(readOnly.status, 422);
  t.match(await readOnly.json(), { detail: /"id" is not a field/ });
  const doc = (await get('/openapi.json', '1.0.0')).body as { components: { schemas: Record<string, unknown> }; paths: Record<string, unknown> };
  t.same(
    Object.keys(doc.paths).slice(0, 4),
    ['/version/', '/version/my_version/', '/invoices/', '/invoices/{id}/'],
    "the operations' paths after the changelog's",
  );
  t.match(doc.components.schemas.Customer, { properties: { name: {} } }, 'the 1.0.0 document: the customer has its name');
  t.notOk('/invoices/{id}/pay' in doc.paths, 'no pay at 1.0.0');
  const changelog = (await get('/version/', '3.0.0')).body as { version: string; views: { actions_introduced: string[] }; models: string[] }[];
  t.same(changelog.find((entry) => entry.version === '2.0.0')?.views.actions_introduced, ['InvoiceViewSet.pay']);
});

t.test("a GET's answer is made again whenever the handler's value differs, even when the team changes its objects in place", async (t) => {
  const invoices = new Invoices();
  const service = await startService(t, {}, {}, invoiceApi(invoices));
  const get = async (version: string) => {
    const response = await fetch(`${service.url}/invoices/inv_1/`, { headers: at(version) });
    return {
      body: (await response.json()) as { customer: { name?: string; display_name?: string }; amount: unknown },
      etag: response.headers.get('etag'),
    };
  };
  const before = await get('1.0.0');
  t.same(await get('1.0.0'), before, 'the same value: the same answer');
  // The handler shows the customer object the repository keeps: changed in place, it is the same object with other values.
  (invoices.customers.get('cus_ada') as { display_name: string }).display_name = 'Ada Lovelace';
  const renamed = await get('1.0.0');
  t.equal(renamed.body.customer.name, 'Ada Lovelace', 'the nested change, walked back to 1.0.0');
  t.not(renamed.etag, before.etag, 'with another ETag');
  invoices.invoices.set('inv_1', { ...(invoices.invoices.get('inv_1') as StoredInvoice), cents: 990 });
  t.equal((await get('1.0.0')).body.amount, 990, 'a changed record');
  t.equal((await get('3.0.0')).body.customer.display_name, 'Ada Lovelace', 'and at another version');
});

t.test("with the answer cache's operation answers off (size 0), the same answers, byte for byte, made anew each time", async (t) => {
  const sizes = new CacheSizes(
    DEFAULT_CACHE_SIZES.answers,
    DEFAULT_CACHE_SIZES.pages,
    DEFAULT_CACHE_SIZES.acceptHeaders,
    DEFAULT_CACHE_SIZES.rows,
    0,
  );
  const kept = await startService(t, {}, {}, invoiceApi(new Invoices()));
  const forgetful = await startService(
    t,
    {},
    { modules: [new ContainerModule(({ rebind }) => void rebind(CacheSizes).toConstantValue(sizes))] },
    invoiceApi(new Invoices()),
  );
  const answer = async (url: string, path: string, version: string) => {
    const response = await fetch(`${url}${path}`, { headers: at(version) });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
  };
  for (const [path, version] of [
    ['/invoices/inv_1/', '1.0.0'],
    ['/invoices/inv_1/', '3.0.0'],
    ['/invoices/?status=open', '3.0.0'],
    ['/invoices/', '2.0.0'],
  ] as const) {
    const first = await answer(kept.url, path, version);
    t.equal(first.status, 200, `${path} at ${version}`);
    t.same(await answer(kept.url, path, version), first, `${path} at ${version}: kept, the same answer again`);
    t.same(await answer(forgetful.url, path, version), first, `${path} at ${version}: made anew, the same bytes and ETag`);
    t.same(await answer(forgetful.url, path, version), first, `${path} at ${version}: and again`);
  }
});
