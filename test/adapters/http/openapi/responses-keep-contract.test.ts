import { ContainerModule } from 'inversify';
import t from 'tap';
import { hashApiKey } from '../../../../src/adapters/identity/api-key.js';
import { InMemoryClientRepository } from '../../../../src/adapters/persistence/memory/in-memory-client-repository.js';
import { CLIENT_REPOSITORY } from '../../../../src/application/ports/client-repository.js';
import type { Client } from '../../../../src/domain/clients/client.js';
import { AGE_REMOVALS } from '../../../../src/domain/api-history/versions/age-removal.js';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { contractValidatorFor, type SeenResponse } from '../../../fixtures/contract-validator.js';
import { FAULTS, failingPersistenceModule } from '../../../fixtures/failing-persistence-module.js';
import { startService } from '../../../fixtures/service.js';
import { DependencyUnavailableError, PinChangeUnavailableError } from '../../../../src/application/errors/refusals.js';

/** Every route a client may call, good and bad, as request targets; each is asked at every version. */
// About 1,400 requests, each checked against its document: 45 to 55 s on a shared 2-core machine, too near tap's 60 s.
t.setTimeout(150_000);

const TARGETS: readonly [string, string][] = [
  ['GET', '/version/'],
  ['GET', '/version/my_version/'],
  ['GET', '/openapi.json'],
  ['GET', '/health/'],
  ['GET', '/doggies/'],
  ['GET', '/doggies/?limit=2'],
  ['GET', '/doggies/?limit=2&offset=2'],
  ['GET', '/doggies/?limit=1&starting_after=1'],
  ['GET', '/doggies/?ending_before=3'],
  ['GET', '/doggies/?offset=99999'],
  ['GET', '/doggies/1/'],
  ['GET', '/doggies/3/'],
  ['GET', '/doggies/999999/'],
  ['GET', '/doggies/abc/'],
  ['GET', '/cats/'],
  ['GET', '/cats/?limit=1'],
  ['GET', '/cats/1/'],
  ['GET', '/cats/999/'],
  ['GET', '/doggies'],
  ['GET', '/doggies/1?x=1'],
  ['GET', '/version'],
  ['GET', '/doggies/?limit=0'],
  ['GET', '/doggies/?limit=1&limit=2'],
  ['GET', '/doggies/?offset=1&starting_after=2'],
  ['GET', '/nowhere/'],
  ['POST', '/doggies/'],
  ['DELETE', '/doggies/1/'],
  ['OPTIONS', '/doggies/'],
  ['OPTIONS', '/doggies/1/'],
  ['OPTIONS', '/cats/'],
  ['OPTIONS', '/cats/1/'],
  ['OPTIONS', '/version/'],
  ['OPTIONS', '/version/my_version/'],
  ['OPTIONS', '/health/'],
  ['OPTIONS', '/openapi.json'],
  ['OPTIONS', '/nowhere/'],
  ['HEAD', '/doggies/1/'],
  ['HEAD', '/cats/'],
  ['GET', `/doggies/${FAULTS.throws}/`],
  ['GET', `/doggies/${FAULTS.unavailable}/`],
  ['GET', `/cats/?limit=${FAULTS.unavailable}`],
  ['GET', '/client/'],
  ['HEAD', '/client/'],
  ['GET', '/client'],
  ['OPTIONS', '/client/'],
  ['OPTIONS', '/client/version'],
  ['GET', '/client/version'],
  ['PUT', '/client/version'],
  ['PUT', '/doggies/'],
];

/** Accept values that choose no version, or a bad one: refused before any version is chosen. */
const REFUSED_ACCEPTS = ['application/json; version=9.9.9', 'application/json; version=2.x', 'text/html', `application/json;${';a=b'.repeat(20)}`];

async function seen(url: string, method: string, target: string, accept?: string, ifNoneMatch?: string): Promise<SeenResponse> {
  const headers: Record<string, string> = accept === undefined ? {} : { accept };
  if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
  return sent(url, method, target, headers);
}

async function sent(url: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<SeenResponse> {
  const response = await fetch(`${url}${target}`, { method, redirect: 'manual', headers, ...(body === undefined ? {} : { body }) });
  return { method, target, status: response.status, headers: response.headers, body: await response.text() };
}

for (const ageRemoval of AGE_REMOVALS) {
  t.test(`AGE_REMOVAL=${ageRemoval}: every response, at every version, keeps that version's published contract`, async (t) => {
    const service = await startService(t, { AGE_REMOVAL: ageRemoval }, { persistence: failingPersistenceModule });
    const validator = await contractValidatorFor(service.url);
    let checked = 0;
    const statuses = new Set<number>();
    for (const version of SUPPORTED_VERSIONS) {
      for (const [method, target] of TARGETS) {
        const response = await seen(service.url, method, target, `application/json; version=${version}`);
        t.same(validator.check(response), [], `${method} ${target} at ${version}: ${response.status}`);
        statuses.add(response.status);
        checked += 1;
        const etag = response.headers.get('etag');
        if (etag !== null) {
          const revalidated = await seen(service.url, method, target, `application/json; version=${version}`, etag);
          t.equal(revalidated.status, 304, `${method} ${target} at ${version} with If-None-Match: its ETag: 304`);
          t.same(validator.check(revalidated), [], `${method} ${target} at ${version}: 304`);
          statuses.add(revalidated.status);
          checked += 1;
        }
      }
    }
    for (const accept of REFUSED_ACCEPTS) {
      for (const [method, target] of TARGETS) {
        const response = await seen(service.url, method, target, accept);
        t.same(validator.check(response), [], `${method} ${target} with Accept ${accept.slice(0, 40)}: ${response.status}`);
        checked += 1;
      }
    }
    for (const accept of REFUSED_ACCEPTS) {
      for (const [method, target] of TARGETS) statuses.add((await seen(service.url, method, target, accept)).status);
    }
    // Without a key a PUT is a 401 before its body is read: its 413 and 415 are seen with a key, below.
    t.same([...statuses].sort(), [200, 204, 301, 304, 400, 401, 404, 405, 406, 500, 503], 'every status the routes answer without a key was seen');
    t.comment(`${checked} responses checked; ${validator.seen.size} distinct (method, path, status, version)`);
  });
}

/** A key of this service's form for each client, and one nobody holds. */
const key = (letter: string): string => `vaa_${letter.repeat(43)}`;
const clientKeyed = (name: string, letter: string, pinnedVersion: string): Client => ({
  name,
  keyHash: hashApiKey(key(letter)),
  pinnedVersion,
  previousVersion: null,
  rollbackUntil: null,
  createdAt: 0,
  revokedAt: null,
});

/** Clients whose pin change the storage cannot take: `file-backed` as with STORAGE=memory, `unreachable` as a database that does not answer. */
class ClientsWithFaults extends InMemoryClientRepository {
  override replace(before: Client, after: Client): Promise<boolean> {
    if (before.name === 'file-backed') return Promise.reject(new PinChangeUnavailableError('Pins are changed here only with STORAGE=postgres.'));
    if (before.name === 'unreachable') return Promise.reject(new DependencyUnavailableError('client store'));
    return super.replace(before, after);
  }
}

t.test("a client's requests keep the contract: with its key, a bad key or an unreadable Authorization, and its own paths", async (t) => {
  const clients = new ClientsWithFaults([
    clientKeyed('acme', 'a', '2.1.0'),
    clientKeyed('file-backed', 'f', '2.1.0'),
    clientKeyed('unreachable', 'u', '2.1.0'),
  ]);
  const service = await startService(
    t,
    {},
    {
      persistence: failingPersistenceModule,
      modules: [
        new ContainerModule(({ rebind }) => {
          rebind(CLIENT_REPOSITORY).toConstantValue(clients);
        }),
      ],
    },
  );
  const validator = await contractValidatorFor(service.url);
  const statuses = new Set<number>();
  let checked = 0;
  const check = async (label: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<SeenResponse> => {
    const response = await sent(service.url, method, target, headers, body);
    t.same(validator.check(response), [], `${method} ${target} ${label}: ${response.status}`);
    statuses.add(response.status);
    checked += 1;
    return response;
  };
  const acme = { authorization: `Bearer ${key('a')}` };
  for (const [method, target] of TARGETS) {
    const pinned = await check('with a key, at its pin', method, target, acme);
    const etag = pinned.headers.get('etag');
    if (etag !== null) t.equal((await check('with a key, revalidated', method, target, { ...acme, 'if-none-match': etag })).status, 304);
    for (const version of SUPPORTED_VERSIONS)
      await check(`with a key, at ${version}`, method, target, { ...acme, accept: `application/json; version=${version}` });
    await check('with a key, at a version not served', method, target, { ...acme, accept: REFUSED_ACCEPTS[0] as string });
    await check('with an unknown key', method, target, { authorization: `Bearer ${key('z')}` });
    await check('with another scheme', method, target, { authorization: 'Basic YTpi' });
    await check('with an unreadable Authorization', method, target, { authorization: 'Bearer\tvaa_x' });
  }
  const json = { 'content-type': 'application/json' };
  const pinChanges: [string, Record<string, string>, string | undefined, number][] = [
    ['its state', acme, undefined, 200],
    ['an upgrade', { ...acme, ...json }, '{"version": "3.0.0"}', 200],
    ['the rollback', { ...acme, ...json }, '{"version": "2.1.0"}', 200],
    ['a move back', { ...acme, ...json }, '{"version": "1.0.0"}', 409],
    ['a version not served', { ...acme, ...json }, '{"version": "9.9.9"}', 422],
    ['no JSON', { ...acme, ...json }, '{"version":', 400],
    ['an unknown field', { ...acme, ...json }, '{"version": "3.0.0", "at": 1}', 400],
    ['not JSON', { ...acme, 'content-type': 'text/plain' }, '3.0.0', 415],
    ['a body too large', { ...acme, ...json }, JSON.stringify({ version: 'x'.repeat(2000) }), 413],
    ['no key', json, '{"version": "3.0.0"}', 401],
    ['with STORAGE=memory', { authorization: `Bearer ${key('f')}`, ...json }, '{"version": "3.0.0"}', 409],
    ['the storage down', { authorization: `Bearer ${key('u')}`, ...json }, '{"version": "3.0.0"}', 503],
  ];
  for (const [label, headers, body, status] of pinChanges) {
    const response = await check(label, body === undefined ? 'GET' : 'PUT', body === undefined ? '/client/' : '/client/version', headers, body);
    t.equal(response.status, status, `${label}: ${status}`);
  }
  t.same(
    [...statuses].sort(),
    [200, 204, 301, 304, 400, 401, 404, 405, 406, 409, 413, 415, 422, 500, 503],
    'every status a client is answered with was seen',
  );
  t.comment(`${checked} responses checked`);
});
