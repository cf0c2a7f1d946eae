import t from 'tap';
import { defineApi } from '../../../../src/api-definition.js';
import { defineOperations, refuse, reply, type OperationDeclaration } from '../../../../src/adapters/http/operations/operation-declaration.js';
import { valueOf } from '../../../../src/adapters/http/operations/parameter-values.js';
import { StartupError } from '../../../../src/domain/errors/startup-error.js';
import { recordType } from '../../../../src/domain/versioning/record-type.js';
import { AddField } from '../../../../src/domain/versioning/add-field.js';
import { defineVersion, introduces, recordChange } from '../../../../src/domain/versioning/version-declaration.js';
import { bearer, keyedClient, withClients } from '../../../fixtures/clients.js';
import { startService } from '../../../fixtures/service.js';
import { ORDERS, SHOP_VERSIONS } from '../../../fixtures/shop-api.js';

const at = (version: string) => ({ accept: `application/json; version=${version}` });
const NOTE = recordType('Note', { type: 'object', properties: { id: { type: 'integer' }, text: { type: 'string' } }, required: ['id', 'text'] });
const ok = (overrides: Partial<OperationDeclaration> = {}): OperationDeclaration => ({
  method: 'GET',
  path: '/notes/',
  summary: 'Notes',
  responses: { 200: { type: 'array', items: NOTE } },
  handler: () => [],
  ...overrides,
});

t.test('a declaration that cannot be served refuses the start, naming each problem', async (t) => {
  const refused = (viewSet: string, declaration: unknown): string => {
    const error = t.throws(() => defineOperations(viewSet, declaration as never), StartupError) as Error;
    return error.message;
  };
  t.match(refused('', { tag: '', operations: {} }), /its view set has no name; it has no tag; it declares no operation/);
  t.match(refused('NoteViewSet', undefined), /it has no tag; it declares no operation/);
  const message = refused('NoteViewSet', {
    tag: 'Notes',
    operations: {
      'not-a-name': ok(),
      wrongMethod: ok({ method: 'FETCH' as never }),
      wrongPath: ok({ path: 'notes' }),
      missing: ok({ path: '/notes/{id}/' }),
      extra: ok({ params: { id: { type: 'integer' } } }),
      twice: ok({ path: '/notes/{id}/{id}/', params: { id: { type: 'integer' } } }),
      noSummary: ok({ summary: '' }),
      noHandler: ok({ handler: 3 as never }),
      bodyOnGet: ok({ body: { type: 'object' } }),
      bodyOnDelete: ok({ method: 'DELETE', body: { type: 'object' } }),
      none: ok({ responses: {} }),
      unset: ok({ responses: undefined as never }),
      redirect: ok({ responses: { 301: 'moved' } }),
      refusalSchema: ok({ responses: { 200: NOTE, 409: { type: 'object' } } }),
      successNumber: ok({ responses: { 200: 7 as never } }),
      onlyRefusals: ok({ responses: { 404: 'gone' } }),
      notAnOperation: 5 as never,
    },
  });
  for (const expected of [
    'not-a-name: an action is named by letters',
    'wrongMethod: its method "FETCH" is not one of GET, POST, PUT, PATCH, DELETE',
    'wrongPath: its path "notes" is not a path',
    'missing: params declares no schema for {id}',
    'extra: params declares id, which its path does not name',
    'twice: its path names a parameter twice',
    'noSummary: it has no summary',
    'noHandler: its handler is not a function',
    'bodyOnGet: a GET takes no body',
    'bodyOnDelete: a DELETE takes no body',
    'none: it declares no response',
    'unset: it declares no response',
    'redirect: its response 301 is not a success',
    'refusalSchema: its response 409 is a refusal: give the text',
    'successNumber: its response 200 is neither a schema nor a text',
    'onlyRefusals: it declares no success (2xx)',
    'notAnOperation: it is not an operation',
  ])
    t.ok(message.includes(expected), expected);
  t.throws(() => refuse(500, 'x', 'y'), RangeError);
  t.throws(() => refuse(409, 'Not-Snake', 'y'), RangeError);
  t.same(reply(204).headers, {});
  t.equal(valueOf('12', { type: ['integer', 'null'] }), 12);
  t.equal(valueOf('1.5e3', { type: 'number' }), 1500);
  t.equal(valueOf('true', { type: 'boolean' }), true);
  t.equal(valueOf('yes', { type: 'boolean' }), 'yes', 'not true or false: the text, which the check refuses');
  t.equal(valueOf('12', {}), '12', 'no type: the text');
  t.equal(valueOf('99999999999999999999', { type: 'integer' }), '99999999999999999999', 'past a safe integer: the text, which the check refuses');
  t.throws(() => defineApi({ versions: [defineVersion('1.0.0', { notes: ['x'] })] }), /declares no collection and no operation/);
  const stringIds = { ...ORDERS, head: { ...ORDERS.head, schema: { ...ORDERS.head.schema, properties: { id: { type: 'string' } } } } };
  t.throws(() => defineApi({ collections: [stringIds], versions: SHOP_VERSIONS }), {
    message:
      /collection "orders": its id's schema \{"type":"string"\} is not an integer's: the layer's storage gives ids 1, 2, 3…; serve records of other ids with operations of your own/,
  });
});

t.test('two operations on one path and method, or one path under two names of its parameters, refuse the start', async (t) => {
  const versions = [defineVersion('1.0.0', { notes: ['First'] })];
  const first = defineOperations('NoteViewSet', { tag: 'Notes', operations: { list: ok() } });
  const second = defineOperations('MemoViewSet', {
    tag: 'Memos',
    operations: {
      list: ok(),
      orders: ok({ path: '/orders/' }),
      other: ok({ path: '/notes/{note}/', params: { note: { type: 'integer' } } }),
      named: ok({ path: '/notes/{id}/', params: { id: { type: 'integer' } } }),
    },
  });
  await t.rejects(startService(t, {}, {}, defineApi({ collections: [ORDERS], operations: [first, second], versions: SHOP_VERSIONS })), {
    message: new RegExp(
      [
        'MemoViewSet\\.list: GET /notes/ is declared by NoteViewSet\\.list too; declare it once',
        'MemoViewSet\\.orders: GET /orders/ is declared by OrderViewSet\\.list too; declare it once',
        'MemoViewSet\\.named: GET /notes/\\{id\\}/ is the path /notes/\\{note\\}/: name its parameters as that one does',
      ].join('; '),
    ),
  });
  const health = defineOperations('MemoViewSet', { tag: 'Memos', operations: { health: ok({ path: '/health/' }) } });
  t.throws(() => defineApi({ operations: [health], versions }), {
    message: /endpoints\.health is at \/health\/, which the API's \/health\/ answers/,
  });
  const badSchema = defineOperations('NoteViewSet', { tag: 'Notes', operations: { list: ok({ query: { q: { type: 'nonsense' } } }) } });
  await t.rejects(startService(t, {}, {}, defineApi({ operations: [badSchema], versions })), {
    message: /the query parameter q of NoteViewSet\.list has a schema no validator takes/,
  });
  const badBody = defineOperations('NoteViewSet', { tag: 'Notes', operations: { create: ok({ method: 'POST', body: { type: 'nonsense' } }) } });
  await t.rejects(startService(t, {}, {}, defineApi({ operations: [badBody], versions })), {
    message: /the body of NoteViewSet\.create at 1\.0\.0 has a schema no validator takes/,
  });
});

t.test('what a handler may answer, and what a request may send it', async (t) => {
  const notes = new Map<number, string>([[1, 'one']]);
  const api = defineApi({
    title: 'Notes',
    operations: [
      defineOperations('NoteViewSet', {
        tag: 'Notes',
        operations: {
          list: ok({
            query: {
              tag: { type: 'array', items: { type: 'string', maxLength: 3 } },
              any: { type: 'array' },
              min: { type: 'integer', minimum: 1 },
              flag: { type: 'boolean' },
            },
            handler: ({ query }) => [{ id: 0, text: JSON.stringify(query) }],
          }),
          retrieve: ok({
            path: '/notes/{id}/',
            params: { id: { type: 'integer', minimum: 1 } },
            responses: { 200: NOTE, 202: NOTE },
            handler: ({ params }) =>
              params.id === 2 ? reply(202, { id: 2, text: 'later' }) : params.id === 3 ? { id: 3, text: 'bare' } : reply(201, {}),
          }),
          create: ok({
            method: 'POST',
            body: NOTE,
            responses: { 201: NOTE },
            handler: ({ body }) => body as never,
          }),
          remove: ok({
            method: 'DELETE',
            path: '/notes/{id}/',
            params: { id: { type: 'integer', minimum: 1 } },
            responses: { 204: 'Removed' },
            handler: ({ params }) => (notes.delete(params.id as number) ? reply(204) : refuse(404, 'no_note', 'No note has this id.')),
          }),
          edit: ok({
            method: 'PATCH',
            path: '/notes/{id}/',
            params: { id: { type: 'integer', minimum: 1 } },
            body: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
            responses: { 200: NOTE },
            handler: ({ params, body }) => ({ id: params.id as number, text: (body as { text: string }).text }),
          }),
        },
      }),
    ],
    versions: [
      defineVersion('2.0.0', { notes: ['Notes can be removed'], views: [introduces('NoteViewSet', 'remove')] }),
      defineVersion('1.0.0', { notes: ['First'] }),
    ],
  });
  const service = await startService(t, {}, {}, api);
  const call = async (method: string, path: string, version = '2.0.0', body?: unknown) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: {
        ...at(version),
        ...(body === undefined ? {} : { 'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown), headers: response.headers };
  };
  t.same(
    (await call('GET', '/notes/?tag=a&tag=b&min=2&flag=true&any=1')).body,
    [{ id: 0, text: '{"tag":["a","b"],"any":["1"],"min":2,"flag":true}' }],
    'typed, an array repeated',
  );
  t.match((await call('GET', '/notes/?tag=abcd')).body, { detail: 'The query parameter "tag" ("abcd") must NOT have more than 3 characters.' });
  t.match((await call('GET', '/notes/?min=0')).body, { detail: /"min" \("0"\) must be >= 1/ });
  t.match((await call('GET', '/notes/?min=1&min=2')).body, { detail: 'The query parameter "min" is given 2 times: give it once.' });
  t.match(await call('GET', '/notes/?limit=2'), { status: 400, body: { detail: /Unknown query parameter "limit"/ } });
  t.match(await call('POST', '/notes/?min=2', '2.0.0', { id: 1, text: 'a' }), {
    status: 400,
    body: { detail: 'POST does not read the query parameter "min" here.' },
  });
  t.match(await call('POST', '/notes/', '2.0.0', { id: 1, text: 'a' }), { status: 201, body: { id: 1, text: 'a' } });
  t.match(await call('GET', '/notes/2/'), { status: 202, body: { id: 2, text: 'later' } });
  t.match(
    await call('GET', '/notes/3/'),
    { status: 500, body: { detail: 'A server error occurred.' } },
    'a bare body where two successes are declared',
  );
  t.match(await call('GET', '/notes/4/'), { status: 500 }, 'a status it does not declare');
  t.match(
    service.stderr.join('\n'),
    /returned a bare body, but NoteViewSet\.retrieve declares several successes[^]*answered 201, which is not one of its declared successes \(200, 202\)/,
  );
  t.match(await call('DELETE', '/notes/1/', '1.0.0'), { status: 404 }, 'remove is not at 1.0.0');
  t.match(await call('DELETE', '/notes/1/'), { status: 204, body: undefined });
  t.match(await call('DELETE', '/notes/1/'), { status: 404, body: { detail: 'No note has this id.' } });
  t.match(await call('PATCH', '/notes/5/', '2.0.0', { text: 'five' }), { status: 200, body: { id: 5, text: 'five' } });
  t.match(await call('PATCH', '/notes/5/', '2.0.0', { txt: 'five' }), { status: 422 });
  const head = await fetch(`${service.url}/notes/1/`, { method: 'HEAD', headers: at('2.0.0') });
  t.equal(head.status, 500, 'HEAD runs the GET (here one whose handler answers an undeclared status)');
  const options = await call('OPTIONS', '/notes/1/');
  t.same([options.status, options.headers.get('allow')], [204, 'GET, HEAD, PATCH, DELETE, OPTIONS']);
  t.same((await call('PUT', '/notes/1/')).headers.get('allow'), 'GET, HEAD, PATCH, DELETE, OPTIONS', '405 names them');
  const document = (await call('GET', '/openapi.json', '1.0.0')).body as { paths: Record<string, Record<string, unknown>> };
  t.same(Object.keys(document.paths['/notes/{id}/'] ?? {}), ['get', 'patch', 'options'], 'DELETE is not in the 1.0.0 document');
  const newest = (await call('GET', '/openapi.json')).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; explode?: boolean }[] }>>;
  };
  t.match(
    newest.paths['/notes/']?.get?.parameters?.find(({ name }) => name === 'tag'),
    { explode: true },
  );
  t.ok(newest.paths['/notes/{id}/']?.delete, 'DELETE is in the 2.0.0 document');
});

t.test("operations join a collection's view set; an action both declare refuses the start", async (t) => {
  const viewSet = ORDERS.viewSet;
  const extra = defineOperations(viewSet, {
    tag: 'Orders',
    operations: { count: ok({ path: '/orders/count', responses: { 200: { type: 'integer' } }, handler: () => 2 }) },
  });
  const api = defineApi({ collections: [ORDERS], operations: [extra], versions: SHOP_VERSIONS });
  const service = await startService(t, {}, {}, api);
  t.equal(await (await fetch(`${service.url}/orders/count`, { headers: at('4.0.0') })).text(), '2');
  const twice = defineOperations(viewSet, { tag: 'Orders', operations: { list: ok({ path: '/orders/all' }) } });
  t.throws(() => defineApi({ collections: [ORDERS], operations: [twice], versions: SHOP_VERSIONS }), {
    message: `view set ${viewSet}: ${viewSet}.list is declared by a collection and by operations; declare it once`,
  });
});

t.test('a schema naming a type no one declared, a tree of one type, a read-only field, and an upgrade the newest shape refuses', async (t) => {
  const dangling = recordType('Thing', { type: 'object', properties: { part: { $ref: '#/components/schemas/Part' } } });
  const withDangling = defineOperations('ThingViewSet', {
    tag: 'Things',
    operations: { list: ok({ path: '/things/', responses: { 200: dangling } }) },
  });
  await t.rejects(startService(t, {}, {}, defineApi({ operations: [withDangling], versions: [defineVersion('1.0.0', { notes: ['x'] })] })), {
    message: /Thing: its schema refers to Part, which is no declared record type/,
  });
  const NODE = recordType(
    'Node',
    {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      required: ['name'],
    },
    { example: { name: 'root', children: [{ name: 'leaf', children: [] }] } },
  );
  const TAG = recordType('Tag', {
    type: 'object',
    properties: { id: { type: 'integer', readOnly: true }, label: { type: 'string', maxLength: 3 }, color: { type: 'string' } },
    required: ['id', 'label'],
    additionalProperties: false,
  });
  /** Before 2.0.0 a label had no limit: the older schema takes what the newest refuses. */
  const looser = {
    description: 'a label is at most 3 characters',
    downgradeResponse: (data: never) => data,
    downgradeSchema: (schema: { properties: object }) => ({ ...schema, properties: { ...schema.properties, label: { type: 'string' } } }),
  };
  const operations = defineOperations('TreeViewSet', {
    tag: 'Trees',
    operations: {
      tree: ok({ path: '/tree', responses: { 200: NODE }, handler: () => ({ name: 'root', children: [{ name: 'leaf', children: [] }] }) }),
      tags: ok({
        path: '/tags/',
        query: { label: TAG.field('label'), color: TAG.field('color') },
        responses: { 200: { type: 'array', items: TAG } },
        handler: ({ query }) => [{ id: 1, label: query.label as string }],
      }),
      tag: ok({
        method: 'POST',
        path: '/tags/',
        body: TAG,
        responses: { 201: TAG },
        handler: ({ body, client }) => reply(201, { ...(body as object), id: 1, label: client ?? 'anon' }),
      }),
    },
  });
  const keyed = keyedClient('shop', '1.0.0');
  const service = await startService(
    t,
    {},
    withClients([keyed]),
    defineApi({
      operations: [operations],
      versions: [
        defineVersion('2.0.0', {
          notes: ['Labels are short'],
          records: () => [recordChange(TAG, looser as never), recordChange(TAG, new AddField({ fieldName: 'color', schema: { type: 'string' } }))],
        }),
        defineVersion('1.0.0', { notes: ['x'] }),
      ],
    }),
  );
  t.same(await (await fetch(`${service.url}/tree`, { headers: at('1.0.0') })).json(), { name: 'root', children: [{ name: 'leaf', children: [] }] });
  t.same(
    await (await fetch(`${service.url}/tags/?label=ab`, { headers: at('1.0.0') })).json(),
    [{ id: 1, label: 'ab' }],
    'a field of a type as a parameter',
  );
  t.same(await (await fetch(`${service.url}/tags/?color=red`, { headers: at('1.0.0') })).json(), {
    detail: 'The query parameter "color" is not read at version 1.0.0.',
  });
  const ghost = defineOperations('GhostViewSet', {
    tag: 'Ghosts',
    operations: { list: ok({ path: '/ghosts/', query: { a: { $ref: '#/components/schemas/Ghost/properties/a' } } }) },
  });
  await t.rejects(startService(t, {}, {}, defineApi({ operations: [ghost], versions: [defineVersion('1.0.0', { notes: ['x'] })] })), {
    message: /the query parameter a of GhostViewSet\.list is a field of Ghost, which is no record type of the API/,
  });
  const post = (version: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.url}/tags/`, {
      method: 'POST',
      headers: { ...at(version), 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  t.match(await (await post('2.0.0', { id: 3, label: 'abc' })).json(), {
    detail: 'The body does not fit TreeViewSet.tag at version 2.0.0: "id" is read-only: the server sets it (false schema).',
  });
  t.match(await (await post('1.0.0', { label: 'abcd' })).json(), {
    detail: 'The body, upgraded from version 1.0.0 to 2.0.0, does not fit TreeViewSet.tag: "label" must NOT have more than 3 characters (maxLength).',
  });
  t.same(await (await post('1.0.0', { label: 'ab' }, bearer(keyed.key))).json(), { id: 1, label: 'shop' }, 'the handler is told the client');
  const upgrade = await fetch(`${service.url}/client/upgrade?to=2.0.0`, { headers: bearer(keyed.key) });
  t.match(
    await upgrade.json(),
    { changes: [{ version: '2.0.0', operations: ['GET /tags/', 'POST /tags/'], calls: 1 }, { version: '2.0.0' }] },
    'the change reaches the operation whose body holds the type',
  );
});
