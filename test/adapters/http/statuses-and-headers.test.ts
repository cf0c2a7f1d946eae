import t from 'tap';
import { startService } from '../../fixtures/service.js';
import { call, checkJsonHeaders, NOT_FOUND } from './fixtures/http-client.js';
import { NEWEST_VERSION } from '../../fixtures/versions.js';

const at = (version: string) => ({ accept: `application/json; version=${version}` });

t.test('every JSON response carries Content-Type, Vary and nosniff; the version where one was resolved', async (t) => {
  const service = await startService(t);
  // [message, method, path, headers, status, resolved version]
  const cases: [string, string, string, Record<string, string>, number, string | undefined][] = [
    ['changelog', 'GET', '/version/', at('2.0.0'), 200, '2.0.0'],
    ['current version', 'GET', '/version/my_version/', at('2.1.0'), 200, '2.1.0'],
    ['dog list', 'GET', '/doggies/', at('3.0.0'), 200, '3.0.0'],
    ['dog detail', 'GET', '/doggies/1/', at('4.0.0'), 200, '4.0.0'],
    ['cat list', 'GET', '/cats/', at('1.0.0'), 200, '1.0.0'],
    ['cat detail', 'GET', '/cats/1/', at('5.0.0'), 200, '5.0.0'],
    ['default version', 'GET', '/doggies/', {}, 200, NEWEST_VERSION],
    ['hidden action (404 after the version resolved)', 'GET', '/doggies/1/', at('1.0.0'), 404, '1.0.0'],
    ['unknown record', 'GET', '/doggies/999/', at('2.0.0'), 404, '2.0.0'],
    ['bad page (400 after the version resolved)', 'GET', '/doggies/?limit=0', at('2.0.0'), 400, '2.0.0'],
    ['unknown path', 'GET', '/nope/', at('2.0.0'), 404, undefined],
    ['refused version', 'GET', '/doggies/', at('9.9.9'), 406, undefined],
    ['unsatisfiable Accept', 'GET', '/doggies/', { accept: 'text/html' }, 406, undefined],
    ['method not allowed', 'POST', '/doggies/', at('2.0.0'), 405, undefined],
    ['redirect to the slash form', 'GET', '/doggies', at('2.0.0'), 301, undefined],
  ];
  for (const [message, method, path, headers, status, version] of cases) {
    const reply = await call(service.url, path, { method, headers });
    t.equal(reply.status, status, `${message}: ${status}`);
    checkJsonHeaders(t, reply, version, message);
    t.notOk((reply.json as { notJson?: string }).notJson, `${message}: the body is JSON`);
    if (status >= 400) {
      t.same(Object.keys(reply.json as object), ['detail'], `${message}: an error body is an object with only detail`);
      t.type((reply.json as { detail: unknown }).detail, 'string', `${message}: detail is a string`);
    }
  }
});

t.test('checks run in order: unknown path 404, version 406, availability 404, record 404', async (t) => {
  const service = await startService(t);
  // [message, path, version, status]
  const cases: [string, string, string, number][] = [
    ['unknown path with a malformed version', '/nope/', 'v1.0.0', 404],
    ['unknown path with an unsupported version', '/nope/', '9.9.9', 404],
    ['unknown path without its slash with a bad version', '/nope', '9.9.9', 404],
    ['unknown sub-path of a known one with a bad version', '/doggies/1/extra/', '9.9.9', 404],
    ['hidden dog detail with a malformed version', '/doggies/1/', 'v1.0.0', 406],
    ['hidden cat detail with an unsupported version', '/cats/1/', '0.1.0', 406],
    ['unknown record with a bad version', '/doggies/999/', '9.9.9', 406],
    ['id that is not a number with a bad version', '/doggies/abc/', '9.9.9', 406],
    ['hidden action over an existing record', '/doggies/1/', '1.0.0', 404],
    ['hidden action over an unknown record', '/doggies/999/', '1.0.0', 404],
    ['hidden cat detail', '/cats/1/', '2.1.0', 404],
    ['hidden cat list', '/cats/', '5.0.0', 404],
    ['available action, unknown record', '/cats/999/', '3.0.0', 404],
  ];
  for (const [message, path, version, status] of cases) {
    const reply = await call(service.url, path, { headers: at(version) });
    t.equal(reply.status, status, `${message} (${path} at ${version}): ${status}`);
    if (status === 404) t.same(reply.json, NOT_FOUND, `${message}: Not found.`);
  }
});

t.test('an id that is not a positive integer, or names no record, is 404', async (t) => {
  const service = await startService(t);
  const ids = ['abc', '0', '-1', '1.5', '1e2', '+1', '0x1', '999', '9007199254740993', '99999999999999999999', '1'.repeat(400)];
  for (const collection of ['doggies', 'cats']) {
    for (const id of ids) {
      const reply = await call(service.url, `/${collection}/${id}/`, { headers: at('3.0.0') });
      t.equal(reply.status, 404, `/${collection}/${id.slice(0, 30)}/: 404`);
      t.same(reply.json, NOT_FOUND, `/${collection}/${id.slice(0, 30)}/: Not found.`);
      checkJsonHeaders(t, reply, '3.0.0', `/${collection}/${id.slice(0, 30)}/`);
    }
  }
});

t.test('unknown paths are 404 whatever their shape', async (t) => {
  const service = await startService(t);
  const paths = [
    '/',
    '/nope/',
    '/DOGGIES/',
    '/doggies//',
    '/doggies/1/2/',
    '/version/other/',
    '/version/my_version/x/',
    '//doggies/',
    '/cats/1/extra',
  ];
  for (const path of paths) {
    const reply = await call(service.url, path);
    t.equal(reply.status, 404, `${path}: 404`);
    t.same(reply.json, NOT_FOUND, `${path}: Not found.`);
    checkJsonHeaders(t, reply, undefined, path);
  }
});

t.test('only list responses carry paging headers', async (t) => {
  const service = await startService(t);
  for (const [path, total] of [
    ['/doggies/', '5'],
    ['/cats/', '3'],
  ] as const) {
    const reply = await call(service.url, path, { headers: at('3.0.0') });
    t.equal(reply.headers.get('x-total-count'), total, `${path}: X-Total-Count ${total}`);
  }
  for (const path of ['/version/', '/version/my_version/', '/doggies/1/', '/cats/1/']) {
    const reply = await call(service.url, path, { headers: at('3.0.0') });
    t.equal(reply.headers.get('x-total-count'), null, `${path}: no X-Total-Count`);
    t.equal(reply.headers.get('link'), null, `${path}: no Link`);
  }
});
