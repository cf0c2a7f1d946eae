import { Validator } from '@seriousme/openapi-schema-validator';
import fc from 'fast-check';
import { gte } from 'semver';
import t from 'tap';
import { buildReferenceModel } from '../../../../src/domain/api-history/reference-history.js';
import { AGE_REMOVALS } from '../../../../src/domain/api-history/versions/age-removal.js';
import { CAT } from '../../../../src/domain/api-history/heads/cat-collection.js';
import { SUPPORTED_VERSIONS } from '../../../../src/domain/api-history/bundle.js';
import { DOG } from '../../../../src/domain/api-history/heads/dog-collection.js';
import { HUMAN_YEARS_SCHEMA } from '../../../../src/domain/api-history/versions/dog-age-schemas.js';
import { parseCat } from '../../../../src/domain/cats/cat.js';
import { parseDog } from '../../../../src/domain/dogs/dog.js';
import { CalendarDate } from '../../../../src/domain/records/calendar-date.js';
import { ContractValidator } from '../../../fixtures/contract-validator.js';
import { acceptVersion, startService } from '../../../fixtures/service.js';
import { NEWEST_VERSION } from '../../../fixtures/versions.js';
import { Version } from '../../../../src/domain/versioning/version.js';
import { dereferenced } from '../../../../src/contracts/dereferenced.js';

type Json = Record<string, unknown>;

async function documents(url: string): Promise<Map<string, Json>> {
  const byVersion = new Map<string, Json>();
  for (const version of SUPPORTED_VERSIONS) {
    byVersion.set(version, (await (await fetch(`${url}/openapi.json`, { headers: acceptVersion(version) })).json()) as Json);
  }
  return byVersion;
}

/** Each version's document dereferenced: each use of a shared header, response or parameter whole, as a client reads it. */
async function dereferencedDocuments(url: string): Promise<Map<string, Json>> {
  const byVersion = new Map<string, Json>();
  for (const [version, document] of await documents(url)) byVersion.set(version, dereferenced(document).document as Json);
  return byVersion;
}

const pathsOf = (document: Json | undefined) => Object.keys((document as { paths: Json }).paths);
const dogAt = (document: Json | undefined) => ((document as { components: { schemas: Json } }).components.schemas.Dog ?? null) as Json | null;

t.test('each version publishes a valid OpenAPI 3.1 document, versioned like every route', async (t) => {
  const service = await startService(t);
  const byVersion = await documents(service.url);
  const validator = new Validator();
  for (const [version, document] of byVersion) {
    const result = await validator.validate(document);
    t.ok(result.valid, `${version}: valid OpenAPI 3.1 ${JSON.stringify(result.errors ?? '')}`);
    t.equal((document.info as Json).version, version, `${version}: info.version`);
  }
  const byDefault = await fetch(`${service.url}/openapi.json`);
  t.equal(byDefault.headers.get('content-type'), `application/json; version=${NEWEST_VERSION}`, 'no Accept: the default version, named');
  t.equal(((await byDefault.json()) as { info: Json }).info.version, NEWEST_VERSION);
  const earliest = await startService(t, { DEFAULT_VERSION: 'earliest' });
  t.equal(((await (await fetch(`${earliest.url}/openapi.json`)).json()) as { info: Json }).info.version, '1.0.0', 'DEFAULT_VERSION is followed');
  const refused = await fetch(`${service.url}/openapi.json`, { headers: acceptVersion('9.9.9') });
  t.equal(refused.status, 406, 'an unsupported version is a 406, as on every route');
});

t.test('a document holds exactly the operations of its version (R1 to R6), and its notes and changes', async (t) => {
  const service = await startService(t);
  const byVersion = await documents(service.url);
  const common = [
    '/version/',
    '/version/my_version/',
    '/openapi.json',
    '/health/',
    '/client/',
    '/client/version',
    '/client/usage/',
    '/client/upgrade',
    '/.well-known/api-catalog',
  ];
  t.same(pathsOf(byVersion.get('1.0.0')).sort(), [...common, '/doggies/', '/cats/'].sort(), '1.0.0: no dog detail, no cat detail');
  t.same(pathsOf(byVersion.get('2.0.0')).sort(), [...common, '/doggies/', '/doggies/{id}/', '/cats/'].sort(), '2.0.0: the dog detail');
  t.same(pathsOf(byVersion.get('3.0.0')).sort(), [...common, '/doggies/', '/doggies/{id}/', '/cats/', '/cats/{id}/'].sort(), '3.0.0: the cat detail');
  t.same(
    pathsOf(byVersion.get('4.0.0')).sort(),
    [...common, '/doggies/', '/doggies/{id}/', '/cats/', '/cats/{id}/'].sort(),
    '4.0.0: the cat list removed, inclusive: still here',
  );
  t.same(
    pathsOf(byVersion.get('5.0.0')).sort(),
    [...common, '/doggies/', '/doggies/{id}/', '/cats/{id}/'].sort(),
    '5.0.0: the cat endpoint removed, inclusive',
  );
  const exclusive = await startService(t, { REMOVED_IN: 'exclusive' });
  const exclusiveDocuments = await documents(exclusive.url);
  t.notOk(pathsOf(exclusiveDocuments.get('4.0.0')).includes('/cats/'), 'REMOVED_IN=exclusive: the cat list is gone at 4.0.0');
  t.ok(pathsOf(exclusiveDocuments.get('4.0.0')).includes('/cats/{id}/'), '… and the cat detail is still there');
  const info = byVersion.get('2.1.0')?.info as Json;
  t.match(info.description, /Added Dog\.age/, 'the notes of 2.1.0');
  t.match(info.description, /Dog\.age: added, integer/, 'the generated line of its change');
});

t.test("a client's own paths in every version's document: the bearer scheme, the key each operation takes, the pin change's body", async (t) => {
  const service = await startService(t);
  type Operation = { security: unknown; requestBody?: Json; responses: Record<string, { headers?: Record<string, Json>; content?: Json }> };
  for (const [version, document] of await dereferencedDocuments(service.url)) {
    const { schemas, securitySchemes } = document.components as { schemas: Record<string, Json>; securitySchemes: Json };
    t.match(
      securitySchemes,
      { bearer: { type: 'http', scheme: 'bearer', description: /Authorization: Bearer <key>/ } },
      `${version}: the bearer scheme`,
    );
    t.same(Object.keys(securitySchemes), ['bearer'], `${version}: the only scheme`);
    const paths = document.paths as Record<string, Record<string, Operation>>;
    const getClient = paths['/client/']?.get as Operation;
    t.same(getClient.security, [{ bearer: [] }], `${version}: GET /client/ needs a key`);
    t.same(Object.keys(getClient.responses), ['200', '301', '400', '401', '405', '500'], `${version}: GET /client/ answers, no 503 (from memory)`);
    t.same(getClient.responses[200]?.content, { 'application/json': { schema: { $ref: '#/components/schemas/ClientState' } } });
    t.match(getClient.responses[401]?.headers?.['WWW-Authenticate'], { required: true, description: /Bearer realm="version-aware-api"/ });
    const getUsage = paths['/client/usage/']?.get as Operation;
    t.same(getUsage.security, [{ bearer: [] }], `${version}: GET /client/usage/ needs a key`);
    t.same(
      Object.keys(getUsage.responses),
      ['200', '301', '400', '401', '405', '500', '503'],
      `${version}: GET /client/usage/ answers, 503 too (read from the storage)`,
    );
    t.same(getUsage.responses[200]?.content, { 'application/json': { schema: { $ref: '#/components/schemas/ClientUsage' } } });
    const putPin = paths['/client/version']?.put as Operation;
    t.same(Object.keys(paths['/client/version'] ?? {}), ['put', 'options'], `${version}: /client/version takes PUT only`);
    t.same(putPin.security, [{ bearer: [] }], `${version}: PUT /client/version needs a key`);
    t.match(putPin.requestBody, {
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/PinChange' }, example: { version } } },
    });
    t.same(
      Object.keys(putPin.responses),
      ['200', '400', '401', '405', '409', '413', '415', '422', '500', '503'],
      `${version}: PUT /client/version answers`,
    );
    t.match(putPin.responses[413]?.headers, { Connection: { required: true } }, `${version}: a 413 closes the connection`);
    t.match(putPin.responses[405]?.headers, { Allow: { description: 'Always `PUT, OPTIONS`.' } });
    t.match(schemas.PinChange, { type: 'object', required: ['version'], additionalProperties: false }, `${version}: the pin change, closed`);
    t.same(Object.keys(schemas.PinChange?.properties as Json), ['version']);
    t.match(schemas.ClientState, { additionalProperties: false, required: ['name', 'pinned_version', 'previous_version', 'rollback_until'] });
    for (const [path, item] of Object.entries(paths)) {
      t.same(item.options?.security, [], `${version}: OPTIONS ${path} reads no key`);
      if (item.get === undefined || path.startsWith('/client/')) continue;
      t.same(item.get.security, [{}, { bearer: [] }], `${version}: GET ${path}, with a key or without`);
      t.ok(item.get.responses[401], `${version}: GET ${path}: a bad key is a 401`);
      t.ok(item.get.responses[400]?.headers?.['WWW-Authenticate'], `${version}: GET ${path}: an unreadable Authorization is a 400 with a challenge`);
    }
  }
});

t.test('the record schemas walk back as the data does: age is an integer at 2.1.0, an object at 3.0.0, gone at 2.0.0 and 4.0.0', async (t) => {
  const service = await startService(t);
  const byVersion = await documents(service.url);
  const age = (version: string) => (dogAt(byVersion.get(version))?.properties as Json).age;
  t.same(age('2.1.0'), { type: 'integer', description: HUMAN_YEARS_SCHEMA.description });
  t.match(age('3.0.0'), {
    type: 'object',
    properties: { human_years: { type: 'integer', description: String }, dog_years: { type: 'integer', description: String } },
    required: ['human_years', 'dog_years'],
    additionalProperties: false,
    description: String,
  });
  for (const version of ['1.0.0', '2.0.0', '4.0.0', '5.0.0']) t.equal(age(version), undefined, `${version}: no age`);
  for (const version of SUPPORTED_VERSIONS) t.equal(dogAt(byVersion.get(version))?.additionalProperties, false, `${version}: closed`);
  const validator = new ContractValidator(byVersion, '5.0.0');
  const dogResponse = (version: string, body: unknown) => ({
    method: 'GET',
    target: '/doggies/1/',
    status: 200,
    headers: new Headers({
      'content-type': `application/json; version=${version}`,
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag',
      etag: `"${version}-x"`,
    }),
    body: JSON.stringify(body),
  });
  const rex = { id: 1, name: 'Rex', birthday: '2019-05-04' };
  t.same(validator.check(dogResponse('2.0.0', rex)), [], 'a 2.0.0 dog');
  t.match(
    validator.check(dogResponse('2.0.0', { ...rex, age: 7 })),
    [/must NOT have additional properties/],
    'the 2.0.0 document rejects a dog with age',
  );
  t.match(validator.check(dogResponse('2.1.0', rex)), [/must have required property 'age'/], 'the 2.1.0 document rejects a dog without age');
  t.match(validator.check(dogResponse('3.0.0', { ...rex, age: 7 })), [/must be object/], 'the 3.0.0 document rejects an integer age');
  t.match(validator.check(dogResponse('2.1.0', { ...rex, age: 7, birthday: '2019-02-30' })), [/must match format "date"/], 'a date that is not one');
  t.match(validator.check({ ...dogResponse('2.1.0', rex), status: 418 }), [/status 418 is not documented/], 'an undocumented status');
  t.match(validator.check({ ...dogResponse('1.0.0', rex) }), [/no path of the document, yet 200/], 'a path its version does not have');
  t.match(
    validator.check({ ...dogResponse('2.1.0', [rex]), target: '/doggies/' }),
    [/header X-Total-Count is declared required but not sent/, /must have required property 'age'/],
    'a list without its count header, and a wrong item',
  );
});

t.test('sent = declared, both ways: a header the document does not declare fails the check, as does a required one missing', async (t) => {
  const service = await startService(t);
  const validator = new ContractValidator(await documents(service.url), '5.0.0');
  const response = await fetch(`${service.url}/doggies/1/`, { headers: acceptVersion('5.0.0') });
  const seen = { method: 'GET', target: '/doggies/1/', status: response.status, headers: response.headers, body: await response.text() };
  t.same(validator.check(seen), [], 'the response as sent keeps the contract');
  const withHeader = (name: string, value: string) => {
    const headers = new Headers(seen.headers);
    headers.set(name, value);
    return { ...seen, headers };
  };
  t.same(
    validator.check(withHeader('X-Powered-By', 'node')),
    ['GET /doggies/{id}/ 200 at 5.0.0: header x-powered-by is sent but not declared'],
    'a header nobody declared',
  );
  t.same(
    validator.check(withHeader('Deprecation', '@1')),
    ['GET /doggies/{id}/ 200 at 5.0.0: header deprecation is sent but not declared'],
    'a Deprecation at a current version',
  );
  const options = await fetch(`${service.url}/cats/1/`, { method: 'OPTIONS' });
  const optionsSeen = { method: 'OPTIONS', target: '/cats/1/', status: options.status, headers: options.headers, body: '' };
  t.same(validator.check(optionsSeen), [], 'OPTIONS as sent');
  const typed = new Headers(options.headers);
  typed.set('content-type', 'application/json');
  t.match(
    validator.check({ ...optionsSeen, headers: typed }),
    [/header content-type is sent but not declared/],
    'a Content-Type on a response with no content',
  );
  for (const name of ['Date', 'Connection', 'Keep-Alive', 'Content-Length', 'Transfer-Encoding']) {
    t.same(validator.check(withHeader(name, '1')), [], `${name}: framing, exempt`);
  }
  const without = new Headers(seen.headers);
  without.delete('vary');
  t.same(
    validator.check({ ...seen, headers: without }),
    ['GET /doggies/{id}/ 200 at 5.0.0: header Vary is declared required but not sent'],
    'a required header missing',
  );
});

t.test('property: any valid dog or cat, shaped for any version in either mode, matches that version published schema', async (t) => {
  const service = await startService(t);
  const validator = new ContractValidator(await documents(service.url), '5.0.0');
  const today = CalendarDate.parse('2026-11-22') as CalendarDate;
  const models = AGE_REMOVALS.map((ageRemoval) => buildReferenceModel({ ageRemoval }));
  const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2026-11-22T00:00:00Z'), noInvalidDate: true });
  const record = fc.record({
    id: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 }),
    birthday: day.map((date) => date.toISOString().slice(0, 10)),
  });
  const catsGone = (version: string) => gte(version, '5.0.0'); // the cat list is last served at 4.0.0
  let checked = 0;
  fc.assert(
    fc.property(record, fc.constantFrom(...SUPPORTED_VERSIONS), fc.constantFrom(...models), (input, version, model) => {
      const context = { version: Version.parse(version), today };
      const dog = model.represent(DOG, parseDog(input, today), context);
      const cat = model.represent(CAT, parseCat({ id: input.id, name: input.name }), context);
      const headers = new Headers({ 'content-type': `application/json; version=${version}`, vary: 'Accept', 'x-total-count': '1' });
      const problems = [
        ...validator.check({ method: 'GET', target: '/doggies/', status: 200, headers, body: JSON.stringify([dog]) }, { headers: false }),
        ...validator.check(
          {
            method: 'GET',
            target: '/cats/',
            status: catsGone(version) ? 404 : 200,
            headers,
            body: JSON.stringify(catsGone(version) ? { detail: 'Not found.' } : [cat]),
          },
          { headers: false },
        ),
      ];
      checked += 1;
      return problems.length === 0;
    }),
    { numRuns: 500 },
  );
  t.equal(checked, 500, '500 random records, each at a random version and mode');
});

t.test("each version's document says a thing once: a header, a response, a parameter used twice is a component, by $ref", async (t) => {
  const service = await startService(t);
  type Operation = { parameters?: Json[]; responses: Record<string, { $ref?: string; headers?: Record<string, Json> }> };
  for (const [version, document] of await documents(service.url)) {
    const { headers, responses, parameters } = document.components as Record<string, Json>;
    t.match(headers, { Vary: { required: true }, 'X-Content-Type-Options': { required: true }, 'Allow.GET-HEAD-OPTIONS': {} }, `${version}: headers`);
    t.match(
      responses,
      { NotAcceptable: { headers: { Vary: { $ref: '#/components/headers/Vary' } } } },
      `${version}: responses, their headers by $ref`,
    );
    t.match(parameters, { 'Api-Version': { in: 'header', schema: { enum: [version] } } }, `${version}: parameters`);
    const dogs = (document.paths as Record<string, { get: Operation }>)['/doggies/']?.get as Operation;
    t.same(dogs.responses[406], { $ref: '#/components/responses/NotAcceptable' }, `${version}: GET /doggies/ 406`);
    t.same(dogs.responses[200]?.headers?.Vary, { $ref: '#/components/headers/Vary' }, `${version}: its 200's Vary`);
    t.ok(
      dogs.parameters?.some((parameter) => parameter.$ref === '#/components/parameters/Api-Version'),
      `${version}: its Api-Version`,
    );
  }
  const deprecated = (await documents(service.url)).get('1.0.0')?.components as { headers: Json };
  t.match(
    deprecated.headers,
    { Deprecation: { required: true }, 'Deprecation.optional': { description: String } },
    '1.0.0: both Deprecations, apart',
  );
  t.notOk('required' in (deprecated.headers['Deprecation.optional'] as Json), 'the optional one');
});
