import t from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call } from './fixtures/http-client.js';

const PAGE = 'this path accepts only "limit", "offset", "starting_after" and "ending_before"';
const NONE = 'this path accepts no query parameters';
const IN_QUERY = (path: string): string => `this path accepts only "version" (the version, as Api-Version names it: ${path}?version=X.Y.Z)`;

t.test('a query parameter the path does not read is a 400 naming it and those the path reads, whatever the method', async (t) => {
  const service = await startService(t);
  // [method, target, detail]
  const cases: [string, string, string][] = [
    ['GET', '/doggies/?limt=2', `Unknown query parameter "limt"; ${PAGE}.`],
    ['GET', '/doggies/?limit=2&Limit=3', `Unknown query parameter "Limit"; ${PAGE}.`],
    ['GET', '/doggies/1/?limit=2', `Unknown query parameter "limit"; ${NONE}.`],
    ['GET', '/version/?v=2.1.0&v=3.0.0', `Unknown query parameter "v"; ${NONE}.`],
    ['GET', '/version/my_version/?=1', `Unknown query parameter ""; ${IN_QUERY('/version/my_version/')}.`],
    ['GET', '/openapi.json?v=2.1.0', `Unknown query parameter "v"; ${IN_QUERY('/openapi.json')}.`],
    ['GET', '/doggies/1/?version=2.1.0', `Unknown query parameter "version"; ${NONE}.`],
    ['GET', '/health/?verbose', `Unknown query parameter "verbose"; ${NONE}.`],
    ['GET', '/client/?x=1', `Unknown query parameter "x"; ${NONE}.`],
    ['GET', '/doggies/?a&b&c&d&e&f&g&limit=1', `Unknown query parameters "a", "b", "c", "d", "e" and 2 more; ${PAGE}.`],
    ['GET', `/cats/?${'x'.repeat(50)}=1`, `Unknown query parameter "${'x'.repeat(40)}…"; ${PAGE}.`],
    ['OPTIONS', '/doggies/?limt=2', `Unknown query parameter "limt"; ${PAGE}.`],
    ['PUT', '/client/version?dry_run=1', `Unknown query parameter "dry_run"; ${NONE}.`],
  ];
  for (const [method, target, detail] of cases) {
    const reply = await call(service.url, target, { method, headers: acceptVersion('1.0.0') });
    t.equal(reply.status, 400, `${method} ${target}: 400`);
    t.same(reply.json, { detail }, `${method} ${target}: the detail names it`);
  }
  const page = await call(service.url, '/docs/?v=2.1.0', { headers: { accept: 'application/json' } });
  t.same([page.status, page.headers.get('content-type')], [400, 'text/html; charset=utf-8'], '/docs/: an HTML page, whatever Accept says');
  const head = await call(service.url, '/doggies/?limt=2', { method: 'HEAD' });
  t.equal(head.status, 400, 'HEAD: 400 too');
  t.equal(head.text, '', 'HEAD: no body');
});

t.test('the parameters a path reads are served as before', async (t) => {
  const service = await startService(t);
  const cases: [string, number][] = [
    ['/doggies/?limit=2&offset=1', 200],
    ['/doggies/?starting_after=1', 200],
    ['/doggies/1/', 200],
    ['/docs/?version=2.1.0', 200],
    ['/docs/?version=9.9.9', 404],
    ['/openapi.json?version=2.1.0', 200],
    ['/version/my_version/?version=2.1.0', 200],
  ];
  for (const [target, status] of cases) t.equal((await call(service.url, target)).status, status, `${target}: ${status}`);
  const over = await call(service.url, `/doggies/1/?${'&'.repeat(64)}`);
  t.same(over.json, { detail: 'The query string has more than 64 parameters; the limit is 64.' }, 'the limit on parameters comes first');
});
