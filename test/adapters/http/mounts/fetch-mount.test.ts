import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import t from 'tap';
import { versionedFetch } from '../../../../src/adapters/http/mounts/fetch-mount.js';
import { defineOperations, reply } from '../../../../src/adapters/http/operations/operation-declaration.js';
import { defineApi } from '../../../../src/api-definition.js';
import { recordType } from '../../../../src/domain/versioning/record-type.js';
import { defineVersion } from '../../../../src/domain/versioning/version-declaration.js';
import { composed, mountedInvoiceApi, mountSuite } from '../../../fixtures/mount-suite.js';

t.test('a fetch handler, served by Hono on @hono/node-server, at the root and under a prefix', async (t) => {
  await mountSuite(t, async (t, service, prefix) => {
    const app = new Hono();
    app.get('/ping', (c) => c.text('pong'));
    const api = versionedFetch(service, { prefix, next: () => new Response('team', { status: 404 }) });
    app.all(`${prefix}/*`, (c) => api(c.req.raw));
    const port = await new Promise<number>((listening) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => listening(info.port));
      t.teardown(() => new Promise((closed) => server.close(closed)));
    });
    return `http://127.0.0.1:${port}`;
  });
});

const at = (version: string) => ({ headers: { accept: `application/json; version=${version}` } });

t.test('the fetch handler alone, as Bun, Deno or a Worker call it: its prefix, and what it does not serve', async (t) => {
  const service = await composed(t, mountedInvoiceApi());
  const root = versionedFetch(service);
  const served = await root(new Request('http://invoices.example/invoices/inv_1/', at('3.0.0')));
  t.match([served.status, await served.json()], [200, { id: 'inv_1' }], 'a request with no Host header: the URL names the host');
  const unknown = await root(new Request('http://invoices.example/nothing/'));
  t.same([unknown.status, await unknown.json()], [404, { detail: 'Not found.' }], "with no next, a path the API does not serve: the API's 404");
  const below = versionedFetch(service, { prefix: '/api/' });
  const outside = await below(new Request('http://invoices.example/elsewhere/'));
  t.same([outside.status, await outside.text()], [404, ''], 'outside the prefix, with no next: a bare 404');
  const atBase = await below(new Request('http://invoices.example/api?x=1'));
  t.same([atBase.status, await atBase.json()], [404, { detail: 'Not found.' }], 'the prefix itself is the API\'s "/"');
  const moved = await below(new Request('http://invoices.example/api/invoices', at('3.0.0')));
  t.equal(moved.headers.get('location'), '/api/invoices/', 'a prefix given with its slash is the same base');
});

const NOTE = recordType('Note', { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] });
const made = (location: string) => ({
  method: 'POST' as const,
  summary: 'A note',
  responses: { 201: NOTE },
  handler: () => reply(201, { id: 1 }, { Location: location }),
});

t.test("a handler's Location names a path of the API: below the prefix; any other URL as the handler gave it", async (t) => {
  const notes = defineOperations('NoteViewSet', {
    tag: 'Notes',
    operations: {
      path: { ...made('/notes/1/'), path: '/notes/' },
      absolute: { ...made('https://elsewhere.example/notes/1/'), path: '/notes/absolute' },
      network: { ...made('//cdn.example/notes/1/'), path: '/notes/network' },
      other: {
        method: 'GET',
        path: '/notes/other',
        summary: 'Headers of its own',
        responses: { 200: NOTE },
        handler: () => reply(200, { id: 1 }, { 'X-Note': 'kept' }),
      },
    },
  });
  const api = defineApi({ title: 'Notes', name: 'The notes', operations: [notes], versions: [defineVersion('1.0.0', { notes: ['First'] })] });
  const handler = versionedFetch(await composed(t, api), { prefix: '/api' });
  const header = async (method: string, path: string, name: string) =>
    (await handler(new Request(`http://notes.example/api${path}`, { method }))).headers.get(name);
  t.equal(await header('POST', '/notes/', 'location'), '/api/notes/1/');
  t.equal(await header('POST', '/notes/absolute', 'location'), 'https://elsewhere.example/notes/1/');
  t.equal(await header('POST', '/notes/network', 'location'), '//cdn.example/notes/1/');
  t.equal(await header('GET', '/notes/other', 'x-note'), 'kept');
});

t.test('a request whose body was read before the handler is a 500 naming it: never a wait for a body that is gone', async (t) => {
  const errors: string[] = [];
  const handler = versionedFetch(await composed(t, mountedInvoiceApi(), errors));
  const request = new Request('http://invoices.example/invoices/', {
    method: 'POST',
    headers: { accept: 'application/json; version=1.0.0', 'content-type': 'application/json' },
    body: JSON.stringify({ customer_id: 'cus_grace', amount: 500 }),
  });
  await request.text();
  const answer = await handler(request);
  t.same([answer.status, await answer.json()], [500, { detail: 'A server error occurred.' }]);
  t.match(errors.join('\n'), /the body of POST \/invoices\/ was read before the layer/);
});
