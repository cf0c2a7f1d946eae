import t from 'tap';
import { acceptVersion, startService } from '../../fixtures/service.js';
import { call } from './fixtures/http-client.js';
import { versionedFetch } from '../../../src/adapters/http/mounts/fetch-mount.js';
import { composed, mountedInvoiceApi } from '../../fixtures/mount-suite.js';
import { Invoices } from '../../fixtures/invoice-api.js';

const PAGE = 'this path accepts only "limit", "offset", "starting_after" and "ending_before"';
const NONE = 'this path accepts no query parameters';
/** What an OpenAPI document says of a path's GET refusals. */
type Document = { paths: Record<string, { get: { responses: Record<number, { description: string }> } } | undefined> };
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

t.test(
  'below a mount, with the endpoints placed, a refusal names the target a client can use; the documents keep theirs below servers',
  async (t) => {
    const endpoints = { openapi: '/contract.json', docs: '/reference/', changelog: '/changes/' };
    for (const prefix of ['', '/api']) {
      const api = versionedFetch(await composed(t, mountedInvoiceApi(new Invoices(), endpoints)), { prefix });
      const send = (path: string) => api(new Request(`http://shop.example${prefix}${path}`));
      for (const path of ['/contract.json', '/changes/my_version/']) {
        const refused = await send(`${path}?v=3.0.0`);
        t.same(
          [refused.status, await refused.json()],
          [400, { detail: `Unknown query parameter "v"; ${IN_QUERY(`${prefix}${path}`)}.` }],
          `${prefix}${path}`,
        );
      }
      const page = await send('/reference/?v=3.0.0');
      t.equal(page.status, 400, `${prefix}/reference/: 400`);
      t.match(await page.text(), `(the version picker&#39;s: ${prefix}/reference/?version=X.Y.Z)`, `${prefix}/reference/: the picker's target`);
      const { paths } = (await (await send('/contract.json?version=3.0.0')).json()) as Document;
      t.match(
        paths['/contract.json']?.get.responses[400]?.description,
        `(${IN_QUERY('/contract.json')}).`,
        `${prefix}: the document names its path below its servers, whatever the base`,
      );
    }
  },
);
