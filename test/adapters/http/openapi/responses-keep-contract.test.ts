import t from 'tap';
import { AGE_REMOVALS } from '../../../../src/domain/api-history/versions/age-removal.js';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { contractValidatorFor, type SeenResponse } from '../../../fixtures/contract-validator.js';
import { FAULTS, failingPersistenceModule } from '../../../fixtures/failing-persistence-module.js';
import { startService } from '../../../fixtures/service.js';

/** Every route a client may call, good and bad, as request targets; each is asked at every version. */
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
];

/** Accept values that choose no version, or a bad one: refused before any version is chosen. */
const REFUSED_ACCEPTS = ['application/json; version=9.9.9', 'application/json; version=2.x', 'text/html', `application/json;${';a=b'.repeat(20)}`];

async function seen(url: string, method: string, target: string, accept?: string, ifNoneMatch?: string): Promise<SeenResponse> {
  const headers: Record<string, string> = accept === undefined ? {} : { accept };
  if (ifNoneMatch !== undefined) headers['if-none-match'] = ifNoneMatch;
  const response = await fetch(`${url}${target}`, { method, redirect: 'manual', headers });
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
    t.same([...statuses].sort(), [200, 204, 301, 304, 400, 404, 405, 406, 500, 503], 'every status the routes answer was seen');
    t.comment(`${checked} responses checked; ${validator.seen.size} distinct (method, path, status, version)`);
  });
}
