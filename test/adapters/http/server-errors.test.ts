import t from 'tap';
import { TEST_ROUTE_CONTRACT } from '../../fixtures/route-contract.js';
import type { Test } from 'tap';
import { handlerFor } from '../../fixtures/request-handler.js';
import { DEFAULT_SERVER_LIMITS } from '../../../src/adapters/config/settings.js';
import { ApiServer } from '../../../src/adapters/http/api-server.js';
import type { Route } from '../../../src/adapters/http/routing/route.js';
import { InvalidRecordError } from '../../../src/domain/records/invalid-record-error.js';
import { call, checkJsonHeaders, waitForLines } from './fixtures/http-client.js';
import { AcceptHeaderError, errorResponseFor } from '../../../src/adapters/http/request/refusals.js';
import { InvalidPageError, NotFoundError } from '../../../src/application/errors/refusals.js';
import { MalformedVersionError, UnsupportedVersionError } from '../../../src/domain/versioning/refusals.js';

t.test('errorResponseFor maps each known error code to its status and detail', async (t) => {
  const cases: [string, unknown, { status: number; detail: string } | undefined][] = [
    ['hidden action', new NotFoundError('hidden'), { status: 404, detail: 'Not found.' }],
    ['unknown record', new NotFoundError('no_record'), { status: 404, detail: 'Not found.' }],
    [
      'malformed version',
      new MalformedVersionError('v1', []),
      { status: 406, detail: 'Malformed version "v1": a version is MAJOR.MINOR.PATCH, such as 1.0.0.' },
    ],
    [
      'unsupported version',
      new UnsupportedVersionError('9.9.9', ['1.0.0']),
      { status: 406, detail: 'Unsupported version "9.9.9". Supported versions: 1.0.0.' },
    ],
    ['unsatisfiable Accept', new AcceptHeaderError('unsatisfiable_accept', 'no JSON'), { status: 406, detail: 'no JSON' }],
    ['conflicting versions', new AcceptHeaderError('conflicting_version', 'two'), { status: 406, detail: 'two' }],
    ['bad page', new InvalidPageError('limit is bad'), { status: 400, detail: 'limit is bad' }],
    ['a domain error no table entry maps', new InvalidRecordError('name', 'too long'), undefined],
    ['a plain Error', new Error('boom'), undefined],
    ['an Error named like a code', Object.assign(new Error('x'), { code: 'not_found' }), undefined],
    ['a thrown string', 'not_found', undefined],
  ];
  for (const [message, error, expected] of cases) {
    t.same(errorResponseFor(error), expected, message);
  }
});

async function startWithRoutes(t: Test, undescribed: Omit<Route, 'contract'>[]) {
  const routes = undescribed.map((route) => ({ ...route, contract: TEST_ROUTE_CONTRACT }) as Route);
  const errors: string[] = [];
  const handler = handlerFor(routes, {
    access: undefined,
    errors: (line) => errors.push(line),
  });
  const server = new ApiServer(handler, { ...DEFAULT_SERVER_LIMITS, drainTimeoutMs: 1000 });
  const { port } = await server.listen(0, '127.0.0.1');
  t.teardown(() => server.stop());
  return { url: `http://127.0.0.1:${port}`, errors };
}

t.test('an unexpected failure is a 500 with a generic body and one error log line', async (t) => {
  const service = await startWithRoutes(t, [
    {
      pattern: '/throws/',
      handle: async () => {
        throw new Error('secret detail at /srv/app');
      },
    },
    {
      pattern: '/throws-string/',
      handle: async () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a handler that throws a non-Error is the case under test
        throw 'secret string';
      },
    },
    {
      pattern: '/unmapped/',
      handle: async () => {
        throw Object.assign(new Error('secret unmapped'), { code: 'not_found' });
      },
    },
    {
      pattern: '/stackless/',
      handle: async () => {
        throw Object.assign(new Error('secret without a stack'), { stack: undefined });
      },
    },
    {
      pattern: '/cyclic/',
      handle: async () => {
        const body: Record<string, unknown> = {};
        body.self = body;
        return { body };
      },
    },
  ]);
  const cases: [string, string][] = [
    ['/throws/', 'secret detail at /srv/app'],
    ['/throws-string/', 'secret string'],
    ['/unmapped/', 'secret unmapped'],
    ['/stackless/', 'secret without a stack'],
    ['/cyclic/', 'circular'],
  ];
  for (const [index, [path, secret]] of cases.entries()) {
    const reply = await call(service.url, path, { headers: { accept: 'application/json; version=2.0.0' } });
    t.equal(reply.status, 500, `${path}: 500`);
    t.same(reply.json, { detail: 'A server error occurred.' }, `${path}: generic body`);
    checkJsonHeaders(t, reply, '2.0.0', path);
    await waitForLines(service.errors, index + 1);
    const line = JSON.parse(service.errors[index] as string) as Record<string, unknown>;
    t.match(
      line,
      { level: 'error', request: `GET ${path}`, error: new RegExp(secret, 'i') },
      `${path}: the log line names the request and the error`,
    );
    t.equal(new Date(line.time as string).toISOString(), line.time, `${path}: the log line has a time`);
  }
  t.equal(service.errors.length, cases.length, 'one error line per failure');
  const fine = await call(service.url, '/nope/');
  t.equal(fine.status, 404, 'expected errors are not logged as failures');
  t.equal(service.errors.length, cases.length, 'no line for a 404');
});
