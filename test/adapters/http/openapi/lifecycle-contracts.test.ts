import t from 'tap';
import { dereferenced } from '../../../../src/contracts/dereferenced.js';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { ContractValidator } from '../../../fixtures/contract-validator.js';
import { BROWNOUTS, LIFECYCLE_TODAY, lifecycleModel, withLifecycles } from '../../../fixtures/lifecycle-history.js';
import { startWithModel } from '../../../fixtures/lifecycle-service.js';
import { TestClock } from '../../../fixtures/test-clock.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';
import { NEWEST_VERSION, versionsFrom } from '../../../fixtures/versions.js';

type Json = Record<string, unknown>;
type Operation = { deprecated?: boolean; responses: Record<string, { headers?: Json }> };

/** A version's document, dereferenced: each use of a shared header or response whole, as a client reads it. */
const documentAt = async (url: string, version: string) =>
  dereferenced(await (await fetch(`${url}/openapi.json`, { headers: acceptVersion(version) })).json()).document as Json;
const operationsOf = (document: Json) =>
  Object.values(document.paths as Record<string, { get?: Operation; put?: Operation }>).map((item) => (item.get ?? item.put) as Operation);

t.test('the reference history: 1.0.0 says it is deprecated, in info and on every versioned operation; 2.0.0 does not', async (t) => {
  const service = await startService(t);
  const old = await documentAt(service.url, '1.0.0');
  t.match(old.info, {
    'x-deprecated': '2026-01-01',
    summary: /deprecated/,
    description: /\*\*Deprecated since 2026-01-01\*\*.*No sunset is set yet/s,
  });
  t.notOk('x-sunset' in (old.info as Json), 'no sunset');
  for (const operation of operationsOf(old)) {
    const unversioned = operation.responses[200]?.headers?.Deprecation === undefined;
    t.equal(operation.deprecated, unversioned ? undefined : true, 'deprecated, but /health/ and /client/…, which are unversioned');
    if (!unversioned) t.ok(operation.responses[200]?.headers?.Link, 'its Link is documented');
    t.notOk(operation.responses[410], 'no version has a sunset: no 410');
  }
  const current = await documentAt(service.url, '2.0.0');
  t.notOk('x-deprecated' in (current.info as Json));
  t.notOk(
    operationsOf(current).some((operation) => operation.deprecated),
    'no operation deprecated at 2.0.0',
  );
});

t.test('a history with sunsets: 410 documented, Sunset headers, and every response keeps its contract', async (t) => {
  const clock = new TestClock(LIFECYCLE_TODAY);
  const service = await startWithModel(t, lifecycleModel(), clock);
  const documents = new Map<string, Json>();
  for (const version of versionsFrom('2.1.0').reverse()) documents.set(version, await documentAt(service.url, version));
  const retiring = documents.get('2.1.0') as Json;
  t.match(retiring.info, { 'x-deprecated': '2026-06-01', 'x-sunset': '2026-12-01', description: /From 2026-12-01 \(UTC\) on it is retired/ });
  const dogDetail = (retiring.paths as Record<string, { get: Operation }>)['/doggies/{id}/']?.get as Operation;
  t.ok(dogDetail.responses[200]?.headers?.Sunset, 'Sunset documented');
  t.match(
    dogDetail.responses[410],
    { description: /2\.1\.0 from 2026-12-01; 2\.0\.0 from 2026-11-22; 1\.0\.0 from 2026-06-01/ },
    '410, naming each sunset',
  );
  t.ok((documents.get(NEWEST_VERSION)?.paths as Record<string, { get: Operation }>)['/doggies/']?.get.responses[410], 'a 410 in every document');
  const validator = new ContractValidator(documents, NEWEST_VERSION);
  for (const version of [...SUPPORTED_VERSIONS]) {
    for (const target of ['/doggies/', '/doggies/1/', '/version/my_version/', '/cats/1/', '/openapi.json']) {
      const response = await fetch(`${service.url}${target}`, { headers: acceptVersion(version) });
      const seen = { method: 'GET', target, status: response.status, headers: response.headers, body: await response.text() };
      t.same(validator.check(seen), [], `${target} at ${version}: ${response.status}`);
    }
  }
});

t.test('a history with brownouts: the 410 says when, with Retry-After, and every response in one keeps its contract', async (t) => {
  const clock = new TestClock(`${LIFECYCLE_TODAY}T13:00:00Z`);
  const service = await startWithModel(t, lifecycleModel('latest', withLifecycles(BROWNOUTS)), clock);
  const documents = new Map<string, Json>();
  for (const version of versionsFrom('2.1.0').reverse()) documents.set(version, await documentAt(service.url, version));
  clock.set(`${LIFECYCLE_TODAY}T14:00:00Z`);
  const browning = documents.get('2.1.0') as Json;
  t.match(browning.info, {
    'x-brownouts': [
      { start: '2026-11-22T14:00:00Z', end: '2026-11-22T15:00:00Z' },
      { start: '2026-11-25T23:00:00Z', end: '2026-11-26T01:00:00Z' },
    ],
    description:
      /In its brownouts every request selecting it already gets 410 Gone.*: 2026-11-22T14:00:00Z to 2026-11-22T15:00:00Z, 2026-11-25T23:00:00Z to 2026-11-26T01:00:00Z\./,
  });
  t.notOk('x-brownouts' in ((documents.get(NEWEST_VERSION) as Json).info as Json), 'none declared: no x-brownouts');
  const gone = (document: Json) => (document.paths as Record<string, { get: Operation }>)['/doggies/']?.get.responses[410] as Json;
  t.match(gone(documents.get(NEWEST_VERSION) as Json), {
    description:
      "The version asked for, or a client's pin, is retired: 2.1.0 from 2026-12-01; 2.0.0 from 2026-11-22; 1.0.0 from 2026-06-01; or in a brownout: 3.0.0 from 2027-03-01T14:00:00Z to 2027-03-01T15:00:00Z; 2.1.0 from 2026-11-22T14:00:00Z to 2026-11-22T15:00:00Z; 2.1.0 from 2026-11-25T23:00:00Z to 2026-11-26T01:00:00Z.",
    headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
  });
  t.match((documents.get(NEWEST_VERSION) as Json)['x-unknown-path-responses'], { 410: { headers: { 'Retry-After': {} } } }, 'and for any path');
  const validator = new ContractValidator(documents, NEWEST_VERSION);
  for (const version of ['2.1.0', '3.0.0', NEWEST_VERSION]) {
    for (const target of ['/doggies/', '/doggies/1/', '/version/', '/version/my_version/']) {
      const response = await fetch(`${service.url}${target}`, { headers: acceptVersion(version) });
      const seen = { method: 'GET', target, status: response.status, headers: response.headers, body: await response.text() };
      t.same(validator.check(seen), [], `${target} at ${version}: ${response.status}`);
    }
  }

  const onlyBrownouts = await startWithModel(
    t,
    lifecycleModel('latest', withLifecycles({ '3.0.0': BROWNOUTS['3.0.0'] as object })),
    new TestClock(LIFECYCLE_TODAY),
  );
  const document = await documentAt(onlyBrownouts.url, NEWEST_VERSION);
  t.equal(
    gone(document).description,
    "The version asked for, or a client's pin, is in a brownout: 3.0.0 from 2027-03-01T14:00:00Z to 2027-03-01T15:00:00Z.",
    'brownouts, no sunset',
  );
});
