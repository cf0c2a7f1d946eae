import t from 'tap';
import { freeName, named, statusName } from '../../../../src/adapters/http/openapi/component-names.js';
import { withSharedComponents } from '../../../../src/adapters/http/openapi/shared-components.js';
import { dereferenced } from '../../../../src/contracts/dereferenced.js';

type Json = Record<string, unknown>;

const header = (description: string, required = true): Json => ({ description, schema: { type: 'string' }, required });
const VARY = header('Always `Accept`.');
const error = (description: string, headers: Json = { Vary: VARY }): Json => ({ description, headers, content: { 'application/json': {} } });
const ok = (description: string, headers: Json = { Vary: VARY }): Json => ({ description, headers, content: { 'application/json': { schema: {} } } });
const ID = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } };

/** Two operations and an unknown path's responses, alike in places. */
const document = (): Json => ({
  openapi: '3.1.0',
  paths: {
    '/a/': {
      get: {
        operationId: 'getA',
        parameters: [ID, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'OK.', headers: { Vary: VARY, ETag: header('A tag.') } }, 404: { description: 'No body, no header.' } },
      },
    },
    '/b/{id}/': {
      get: { operationId: 'getB', parameters: [ID], responses: { 200: ok('B.'), 406: error('Not acceptable.') } },
      options: { operationId: 'getBOptions', responses: { 204: { description: 'No body.', headers: { Vary: VARY } } } },
    },
  },
  'x-unknown-path-responses': { 406: error('Not acceptable.') },
  components: { schemas: { Thing: { type: 'object' } } },
});

t.test('what a document declares alike at two places or more is declared once, in components, and used by $ref', async (t) => {
  const given = document();
  const shared = withSharedComponents(given) as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  t.same(Object.keys(shared.components), ['schemas', 'responses', 'parameters', 'headers'], 'the kinds after the schemas');
  t.same(shared.components.headers, { Vary: VARY }, 'a header used at four responses; the ETag, used once, stays where it is');
  t.same(shared.components.parameters, { id: ID }, 'a parameter of two operations; limit, of one, stays');
  t.same(shared.components.responses, { NotAcceptable: { ...error('Not acceptable.'), headers: { Vary: { $ref: '#/components/headers/Vary' } } } });
  const getA = shared.paths['/a/']?.get as { parameters: Json[]; responses: Record<string, Json> };
  t.same(getA.parameters[0], { $ref: '#/components/parameters/id' });
  t.same(getA.responses[200], { description: 'OK.', headers: { Vary: { $ref: '#/components/headers/Vary' }, ETag: header('A tag.') } });
  t.same(getA.responses[404], { description: 'No body, no header.' }, 'a response without headers, as it was');
  t.same(shared['x-unknown-path-responses'], { 406: { $ref: '#/components/responses/NotAcceptable' } }, "an unknown path's responses share too");
  t.notOk('parameters' in (shared.paths['/b/{id}/']?.options as Json), 'an operation without parameters gets none');
  t.strictSame(dereferenced(shared).document, given, 'dereferenced, the document given, key for key');
  t.same(given, document(), 'the document given is left as it was');
});

t.test('a response alike another but for its description is a $ref to it with its own; a header counts once per response written', async (t) => {
  const moved = (): Json => error('Moved.', { Vary: VARY, Location: header('There.') });
  const given: Json = {
    openapi: '3.1.0',
    paths: {
      '/a/': {
        get: {
          operationId: 'getA',
          responses: {
            200: ok('OK.'),
            301: moved(),
            404: error('No a.', { Vary: VARY, Gone: header('Once.') }),
            406: error('No.'),
            500: error('A fault.'),
          },
        },
      },
      '/b/': { get: { operationId: 'getB', responses: { 301: moved(), 400: error('Unreadable.'), 406: error('No.'), 500: error('A fault.') } } },
    },
    components: { schemas: {} },
  };
  const shared = withSharedComponents(given) as Json & {
    paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
    components: Json;
  };
  const vary = { $ref: '#/components/headers/Vary' };
  t.same(
    shared.components.responses,
    {
      InternalServerError: { $ref: '#/components/responses/NotAcceptable', description: 'A fault.' },
      MovedPermanently: error('Moved.', { Vary: vary, Location: header('There.') }),
      NotAcceptable: error('No.', { Vary: vary }),
    },
    'the first met of those alike, whole; one alike it used twice, by $ref with its own description',
  );
  t.same(
    shared.paths['/b/']?.get?.responses[400],
    { $ref: '#/components/responses/NotAcceptable', description: 'Unreadable.' },
    'one alike used once: its $ref and description where it is',
  );
  t.same(shared.paths['/a/']?.get?.responses[404], error('No a.', { Vary: vary, Gone: header('Once.') }), 'one alike no other, as it was');
  t.same(shared.components.headers, { Vary: VARY }, 'Location, in one response used twice, stays in it');
  t.strictSame(dereferenced(shared).document, given, 'dereferenced, the document given, key for key');
});

t.test('a document that declares nothing twice is the same, with no empty kind in its components', async (t) => {
  const { 'x-unknown-path-responses': _unknown, ...plain } = document();
  const lone = { ...plain, paths: { '/a/': (plain.paths as Json)['/a/'] } };
  const shared = withSharedComponents(lone) as Json;
  t.same(shared, lone, 'nothing moved');
  t.notOk('x-unknown-path-responses' in shared, 'no unknown-path responses made up');
});

t.test('a component is named as it was made, else after what it is, a second of a name after its first use, shared or not', async (t) => {
  const given = document();
  const paths = given.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
  const getB = paths['/b/{id}/']?.get as { responses: Record<string, Json> };
  const options = paths['/b/{id}/']?.options as { responses: Record<string, Json> };
  // Two other Vary headers, each used twice: named after the use that meets each first.
  getB.responses[200] = ok('B.', { Vary: header('Never sent.') });
  getB.responses[406] = error('Not acceptable.', { Vary: header('Never sent.') });
  options.responses[204] = { description: 'No body.', headers: { Vary: header('Sometimes.', false) } };
  (given['x-unknown-path-responses'] as Json)[406] = error('Not acceptable.', { Vary: header('Sometimes.', false) });
  // The same ETag twice, the second one named where it is made: the name given wins over the one made up.
  paths['/a/']!.get!.responses[201] = ok('Made.', { Vary: VARY, ETag: named('ETag.made', header('A tag.')) });
  const shared = withSharedComponents(given) as Json & { components: { headers: Json; responses: Json } };
  t.same(Object.keys(shared.components.headers), ['ETag.made', 'Vary', 'Vary.getB', 'Vary.getBOptions'], 'sorted by name');
  t.same(shared.components.headers['Vary.getB'], header('Never sent.'));
  t.strictSame(dereferenced(shared).document, given, 'the same meaning');

  const again = document();
  const first = (again.paths as Record<string, Record<string, { responses: Record<string, Json> }>>)['/a/']!.get!.responses;
  // A Vary met once, first: it keeps its name where it stands, and the shared one is named as it would be beside it.
  first[200] = { description: 'OK.', headers: { Vary: header('Once.'), ETag: named('ETag.first', header('A tag.')) } };
  first[201] = { description: 'Made.', headers: { ETag: named('ETag.second', header('A tag.')) } };
  t.same(Object.keys((withSharedComponents(again) as { components: { headers: Json } }).components.headers), ['ETag.first', 'Vary.getB']);
});

t.test('a name free among those taken: as it is, qualified by its first use, then numbered', async (t) => {
  t.equal(freeName('Vary', { operation: 'getA', status: '200' }, new Set()), 'Vary');
  t.equal(freeName('Vary', { operation: 'getA', status: '200' }, new Set(['Vary'])), 'Vary.getA');
  t.equal(freeName('Vary', { operation: 'getA', status: '200' }, new Set(['Vary', 'Vary.getA'])), 'Vary.getA.200');
  t.equal(freeName('Vary', { operation: 'getA', status: '200' }, new Set(['Vary', 'Vary.getA', 'Vary.getA.200', 'Vary.2'])), 'Vary.3');
  t.equal(freeName('id', { operation: 'getA' }, new Set(['id', 'id.getA'])), 'id.2', 'a parameter, used at no status');
  t.equal(freeName('a b/c', { operation: 'get A' }, new Set(['ab_c'])), 'ab_c.getA', 'only the characters OpenAPI allows');
});

t.test("a status as a component's name: its reason phrase in one word", async (t) => {
  t.equal(statusName(406), 'NotAcceptable');
  t.equal(statusName('200'), 'OK');
  t.equal(statusName(418), 'I_maTeapot', 'a character a name may not hold becomes _');
  t.equal(statusName('2XX'), '2XX', 'a status with no reason phrase, as written');
});
