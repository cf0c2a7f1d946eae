import t from 'tap';
import { dereferenced } from '../../src/contracts/dereferenced.js';

type Json = Record<string, unknown>;

const VARY = { description: 'Always `Accept`.', schema: { type: 'string' }, required: true };

t.test('each $ref to a component but a schema is what it names, where it is used, and the components it named are gone', async (t) => {
  const document = {
    paths: {
      '/a/': {
        get: {
          parameters: [{ $ref: '#/components/parameters/id' }],
          responses: {
            200: {
              description: 'OK.',
              headers: { Vary: { $ref: '#/components/headers/Vary' } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            406: { $ref: '#/components/responses/NotAcceptable' },
            409: { $ref: '#/components/responses/NotAcceptable', description: 'Here: a conflict.', summary: 'Conflict', required: true },
          },
        },
      },
    },
    components: {
      schemas: { Thing: { type: 'object' } },
      responses: { NotAcceptable: { description: 'Not acceptable.', headers: { Vary: { $ref: '#/components/headers/Vary' } } } },
      parameters: { id: { name: 'id', in: 'path', required: true } },
      headers: { Vary: VARY },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
  const { document: whole, origins } = dereferenced(document);
  const get = (whole as { paths: Record<string, { get: { parameters: Json[]; responses: Record<string, Json> } }> }).paths['/a/']?.get;
  t.same(get?.parameters, [{ name: 'id', in: 'path', required: true }], 'a parameter');
  t.same(get?.responses[200]?.headers, { Vary: VARY }, 'a header');
  t.same(
    get?.responses[200]?.content,
    { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
    "a schema's $ref stays: it names a type",
  );
  t.same(get?.responses[406], { description: 'Not acceptable.', headers: { Vary: VARY } }, 'a response, and the header it names');
  t.same(
    get?.responses[409],
    { description: 'Here: a conflict.', headers: { Vary: VARY }, summary: 'Conflict' },
    'its own description and summary override; anything else beside a $ref is ignored',
  );
  t.same(Object.keys((whole as { components: Json }).components), ['schemas', 'securitySchemes'], 'the components only $refs named are gone');
  t.equal(origins.get(get?.responses[200]?.headers as object), undefined, 'a map written where it is used has no origin');
  t.equal(origins.get((get?.responses[200]?.headers as Json).Vary as object), '/components/headers/Vary', 'a copy knows its declaration');
  t.equal(origins.get(get?.responses[406] as object), '/components/responses/NotAcceptable');
  t.same(document.paths['/a/'].get.responses[406], { $ref: '#/components/responses/NotAcceptable' }, 'the document given is left as it was');
});

t.test('a $ref that names nothing, or itself round a cycle, is left as written; so is what has no components', async (t) => {
  const document = {
    paths: { '/a/': { get: { responses: { 400: { $ref: '#/components/responses/Missing' }, 500: { $ref: '#/components/responses/Loop' } } } } },
    components: {
      responses: { Loop: { $ref: '#/components/responses/Round' }, Round: { $ref: '#/components/responses/Loop' } },
      headers: { 'a/b~c': VARY, Plain: 'not an object' },
    },
    'x-uses': [{ $ref: '#/components/headers/a~1b~0c' }, { $ref: '#/components/headers/Plain' }, 'text', 1],
  };
  const { document: whole } = dereferenced(document) as { document: typeof document };
  t.same(whole.paths['/a/'].get.responses[400], { $ref: '#/components/responses/Missing' }, 'nothing there');
  t.same(whole.paths['/a/'].get.responses[500], { $ref: '#/components/responses/Loop' }, 'Loop names Round, which names Loop: as written');
  t.same(whole['x-uses'], [VARY, { $ref: '#/components/headers/Plain' }, 'text', 1], 'a name escaped as RFC 6901 says; a declaration not an object');
  t.same(dereferenced({ x: { $ref: '#/components/headers/Vary' } }).document, { x: { $ref: '#/components/headers/Vary' } }, 'no components at all');
  t.same(dereferenced(['a', { b: 1 }]).document, ['a', { b: 1 }], 'a list');
  t.same(dereferenced('text').document, 'text', 'a value');
  t.same(dereferenced({ notes: ['Added Dog.age'] }).document, { notes: ['Added Dog.age'] }, 'a changelog entry');
});
