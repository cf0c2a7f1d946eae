import t from 'tap';
import { contractDifferences, type ContractDifference } from '../../src/contracts/contract-diff.js';
import { dereferenced } from '../../src/contracts/dereferenced.js';

type Json = Record<string, unknown>;

/** A small published document: one path with a request parameter and two statuses, and one shared record schema. */
const DOCUMENT = {
  info: { title: 'Pets', version: '2.1.0', description: 'The pets API.' },
  paths: {
    '/doggies/{id}/': {
      get: {
        summary: 'One dog',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': {
            description: 'The dog.',
            headers: { Vary: { required: true, schema: { type: 'string' } } },
            content: {
              'application/json': {
                schema: { type: 'object', required: ['dog'], properties: { dog: { $ref: '#/components/schemas/Dog' } } },
              },
            },
          },
          '404': { description: 'No such dog.' },
        },
      },
    },
  },
  components: {
    schemas: {
      Dog: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', minimum: 1, maximum: 9007199254740991, description: "The dog's id." },
          name: { type: 'string', minLength: 1, maxLength: 100 },
          kind: { type: ['string', 'null'], enum: ['dog', 'puppy'] },
          description: { type: 'string' },
        },
      },
    },
  },
};

const DOG = '/components/schemas/Dog';
const GET = '/paths/~1doggies~1{id}~1/get';

/** The document after `change`, a copy. */
function changed(change: (document: Json & typeof DOCUMENT) => void): unknown {
  const copy = structuredClone(DOCUMENT);
  change(copy);
  return copy;
}

const cases: { name: string; change: (document: Json & typeof DOCUMENT) => void; expected: ContractDifference[] }[] = [
  {
    name: 'a shared schema narrowed: maximum lowered',
    change: (d) => (d.components.schemas.Dog.properties.id.maximum = 1000),
    expected: [
      {
        pointer: `${DOG}/properties/id/maximum`,
        keyword: 'maximum',
        breaking: true,
        message: 'maximum lowered from 9007199254740991 to 1000 (narrowed)',
      },
    ],
  },
  {
    name: 'a range widened: minLength lowered',
    change: (d) => (d.components.schemas.Dog.properties.name.minLength = 0),
    expected: [
      { pointer: `${DOG}/properties/name/minLength`, keyword: 'minLength', breaking: false, message: 'minLength lowered from 1 to 0 (widened)' },
    ],
  },
  {
    name: 'a range narrowed: minimum raised on a request parameter',
    change: (d) => (d.paths['/doggies/{id}/'].get.parameters[0]!.schema.minimum = 2),
    expected: [
      { pointer: `${GET}/parameters/0/schema/minimum`, keyword: 'minimum', breaking: true, message: 'minimum raised from 1 to 2 (narrowed)' },
    ],
  },
  {
    name: 'a description changed',
    change: (d) => (d.components.schemas.Dog.properties.id.description = 'The id.'),
    expected: [
      {
        pointer: `${DOG}/properties/id/description`,
        keyword: 'description',
        breaking: false,
        message: 'description changed from "The dog\'s id." to "The id."',
      },
    ],
  },
  {
    name: 'a summary removed and an example added',
    change: (d) => {
      delete (d.paths['/doggies/{id}/'].get as Json).summary;
      (d.components.schemas.Dog as Json).example = { id: 1, name: 'Biko' };
    },
    expected: [
      { pointer: `${GET}/summary`, keyword: 'summary', breaking: false, message: 'summary removed' },
      { pointer: `${DOG}/example`, keyword: 'example', breaking: false, message: 'example added' },
    ],
  },
  {
    name: 'a property removed',
    change: (d) => delete (d.components.schemas.Dog.properties as Json).name,
    expected: [{ pointer: `${DOG}/properties/name`, keyword: 'properties', breaking: true, message: 'property name removed' }],
  },
  {
    name: 'a property named like an annotation removed is still a property',
    change: (d) => delete (d.components.schemas.Dog.properties as Json).description,
    expected: [{ pointer: `${DOG}/properties/description`, keyword: 'properties', breaking: true, message: 'property description removed' }],
  },
  {
    name: 'an optional property added',
    change: (d) => ((d.components.schemas.Dog.properties as Json).age = { type: 'integer' }),
    expected: [{ pointer: `${DOG}/properties/age`, keyword: 'properties', breaking: false, message: 'property age added' }],
  },
  {
    name: 'an enum grown',
    change: (d) => (d.components.schemas.Dog.properties.kind.enum = ['dog', 'puppy', 'wolf']),
    expected: [{ pointer: `${DOG}/properties/kind/enum`, keyword: 'enum', breaking: false, message: 'enum grown: also "wolf"' }],
  },
  {
    name: 'an enum shrunk',
    change: (d) => (d.components.schemas.Dog.properties.kind.enum = ['dog']),
    expected: [{ pointer: `${DOG}/properties/kind/enum`, keyword: 'enum', breaking: true, message: 'enum shrunk: no longer "puppy"' }],
  },
  {
    name: 'a property newly required in a shared schema',
    change: (d) => d.components.schemas.Dog.required.push('kind'),
    expected: [{ pointer: `${DOG}/required`, keyword: 'required', breaking: true, message: 'required now also lists ["kind"]' }],
  },
  {
    name: "a property no longer required in a response's schema",
    change: (d) => (d.paths['/doggies/{id}/'].get.responses['200'].content['application/json'].schema.required = []),
    expected: [
      {
        pointer: `${GET}/responses/200/content/application~1json/schema/required`,
        keyword: 'required',
        breaking: true,
        message: 'required no longer lists ["dog"]',
      },
    ],
  },
  {
    name: "a property newly required in a response's schema: a guarantee added",
    change: (d) => d.paths['/doggies/{id}/'].get.responses['200'].content['application/json'].schema.required.push('cat'),
    expected: [
      {
        pointer: `${GET}/responses/200/content/application~1json/schema/required`,
        keyword: 'required',
        breaking: false,
        message: 'required now also lists ["cat"]',
      },
    ],
  },
  {
    name: 'a response header no longer required',
    change: (d) => (d.paths['/doggies/{id}/'].get.responses['200'].headers.Vary.required = false),
    expected: [
      { pointer: `${GET}/responses/200/headers/Vary/required`, keyword: 'required', breaking: true, message: 'required turned false from true' },
    ],
  },
  {
    name: 'a type changed',
    change: (d) => (d.components.schemas.Dog.properties.id.type = 'string'),
    expected: [
      {
        pointer: `${DOG}/properties/id/type`,
        keyword: 'type',
        breaking: true,
        message: 'type changed from "integer" to "string" (narrowed: no longer integer)',
      },
    ],
  },
  {
    name: 'a type union losing a member',
    change: (d) => (d.components.schemas.Dog.properties.kind.type = ['string']),
    expected: [
      {
        pointer: `${DOG}/properties/kind/type`,
        keyword: 'type',
        breaking: true,
        message: 'type changed from ["string","null"] to ["string"] (narrowed: no longer null)',
      },
    ],
  },
  {
    name: 'a type widened where clients receive it',
    change: (d) => (d.components.schemas.Dog.properties.name.type = ['string', 'null'] as unknown as string),
    expected: [
      {
        pointer: `${DOG}/properties/name/type`,
        keyword: 'type',
        breaking: true,
        message: 'type changed from "string" to ["string","null"] (widened: also null)',
      },
    ],
  },
  {
    name: 'a type widened where clients send it: integer to number',
    change: (d) => (d.paths['/doggies/{id}/'].get.parameters[0]!.schema.type = 'number'),
    expected: [
      {
        pointer: `${GET}/parameters/0/schema/type`,
        keyword: 'type',
        breaking: false,
        message: 'type changed from "integer" to "number" (widened: also number)',
      },
    ],
  },
  {
    name: 'a path removed, its pointer escaped',
    change: (d) => delete (d.paths as Json)['/doggies/{id}/'],
    expected: [{ pointer: '/paths/~1doggies~1{id}~1', keyword: 'paths', breaking: true, message: 'path /doggies/{id}/ removed' }],
  },
  {
    name: 'an operation removed',
    change: (d) => delete (d.paths['/doggies/{id}/'] as Json).get,
    expected: [{ pointer: GET, keyword: 'get', breaking: true, message: 'get operation removed' }],
  },
  {
    name: 'a response status removed, another added',
    change: (d) => {
      delete (d.paths['/doggies/{id}/'].get.responses as Json)['404'];
      (d.paths['/doggies/{id}/'].get.responses as Json)['410'] = { description: 'Gone.' };
    },
    expected: [
      { pointer: `${GET}/responses/404`, keyword: 'responses', breaking: true, message: 'response status 404 removed' },
      { pointer: `${GET}/responses/410`, keyword: 'responses', breaking: false, message: 'response status 410 added' },
    ],
  },
  {
    name: 'additionalProperties turned false, and a format and a pattern added',
    change: (d) => {
      d.paths['/doggies/{id}/'].get.responses['200'].content['application/json'].schema = {
        ...d.paths['/doggies/{id}/'].get.responses['200'].content['application/json'].schema,
        additionalProperties: false,
      } as (typeof DOCUMENT.paths)['/doggies/{id}/']['get']['responses']['200']['content']['application/json']['schema'];
      Object.assign(d.components.schemas.Dog.properties.name, { format: 'email', pattern: '^[a-z]+$' });
    },
    expected: [
      {
        pointer: `${GET}/responses/200/content/application~1json/schema/additionalProperties`,
        keyword: 'additionalProperties',
        breaking: true,
        message: 'additionalProperties turned false from true (narrowed)',
      },
      { pointer: `${DOG}/properties/name/format`, keyword: 'format', breaking: true, message: 'format added (narrowed): "email"' },
      { pointer: `${DOG}/properties/name/pattern`, keyword: 'pattern', breaking: true, message: 'pattern added (narrowed): "^[a-z]+$"' },
    ],
  },
  {
    name: 'additionalProperties false dropped, and a maxLength dropped: widened',
    change: (d) => {
      delete (d.components.schemas.Dog as Json).additionalProperties;
      delete (d.components.schemas.Dog.properties.name as Json).maxLength;
    },
    expected: [
      {
        pointer: `${DOG}/additionalProperties`,
        keyword: 'additionalProperties',
        breaking: false,
        message: 'additionalProperties turned true from false (widened)',
      },
      { pointer: `${DOG}/properties/name/maxLength`, keyword: 'maxLength', breaking: false, message: 'maxLength removed (widened), was 100' },
    ],
  },
  {
    name: 'parameters matched by name, wherever they are: an optional one added first, a required one added last',
    change: (d) => {
      const parameters = d.paths['/doggies/{id}/'].get.parameters as Json[];
      parameters.unshift({ name: 'fields', in: 'query', required: false, schema: { type: 'string' } });
      parameters.push({ name: 'X-Key', in: 'header', required: true, schema: { type: 'string' } });
    },
    expected: [
      { pointer: `${GET}/parameters/0`, keyword: 'parameters', breaking: false, message: 'optional parameter query fields added' },
      { pointer: `${GET}/parameters/2`, keyword: 'parameters', breaking: true, message: 'required parameter header X-Key added' },
    ],
  },
  {
    name: "a required parameter whose one value is its default (a version's Api-Version) is a constant a client fills in; one that admits more is breaking",
    change: (d) => {
      const parameters = d.paths['/doggies/{id}/'].get.parameters as Json[];
      parameters.push({ name: 'Api-Version', in: 'header', required: true, schema: { type: 'string', enum: ['2.1.0'], default: '2.1.0' } });
      parameters.push({ name: 'X-Const', in: 'header', required: true, schema: { const: 2, default: 2 } });
      parameters.push({ name: 'X-Two', in: 'header', required: true, schema: { enum: ['a', 'b'], default: 'a' } });
      parameters.push({ name: 'X-Other', in: 'header', required: true, schema: { enum: ['a'], default: 'b' } });
      parameters.push({ name: 'X-Bare', in: 'header', required: true, schema: { default: 'a' } });
      parameters.push({ name: 'X-None', in: 'header', required: true });
    },
    expected: [
      {
        pointer: `${GET}/parameters/1`,
        keyword: 'parameters',
        breaking: false,
        message: 'required parameter header Api-Version added with one value, its default "2.1.0": a constant a generated client fills in',
      },
      {
        pointer: `${GET}/parameters/2`,
        keyword: 'parameters',
        breaking: false,
        message: 'required parameter header X-Const added with one value, its default 2: a constant a generated client fills in',
      },
      { pointer: `${GET}/parameters/3`, keyword: 'parameters', breaking: true, message: 'required parameter header X-Two added' },
      { pointer: `${GET}/parameters/4`, keyword: 'parameters', breaking: true, message: 'required parameter header X-Other added' },
      { pointer: `${GET}/parameters/5`, keyword: 'parameters', breaking: true, message: 'required parameter header X-Bare added' },
      { pointer: `${GET}/parameters/6`, keyword: 'parameters', breaking: true, message: 'required parameter header X-None added' },
    ],
  },
  {
    name: 'a parameter removed',
    change: (d) => (d.paths['/doggies/{id}/'].get.parameters = []),
    expected: [{ pointer: `${GET}/parameters/0`, keyword: 'parameters', breaking: true, message: 'parameter path id removed' }],
  },
  {
    name: 'a $ref pointed elsewhere: unsure, so breaking',
    change: (d) =>
      (d.paths['/doggies/{id}/'].get.responses['200'].content['application/json'].schema.properties.dog.$ref = '#/components/schemas/Cat'),
    expected: [
      {
        pointer: `${GET}/responses/200/content/application~1json/schema/properties/dog/$ref`,
        keyword: '$ref',
        breaking: true,
        message: '$ref changed from "#/components/schemas/Dog" to "#/components/schemas/Cat"',
      },
    ],
  },
];

for (const { name, change, expected } of cases) {
  t.test(name, async (t) => {
    t.same(contractDifferences(DOCUMENT, changed(change)), expected);
  });
}

t.test('identical documents: no difference', async (t) => {
  t.same(contractDifferences(DOCUMENT, structuredClone(DOCUMENT)), []);
});

t.test('a key holding ~ and / is escaped as ~0 and ~1', async (t) => {
  const frozen = { paths: { '/a~b/': { get: {} } } };
  t.same(contractDifferences(frozen, { paths: {} }), [
    { pointer: '/paths/~1a~0b~1', keyword: 'paths', breaking: true, message: 'path /a~b/ removed' },
  ]);
});

t.test('a changelog entry: prose and a deprecation do not break, a sunset and a lost endpoint do', async (t) => {
  const entry = {
    version: '2.1.0',
    notes: ['Added Dog.age'],
    models: ['Dog.age: added, integer'],
    views: { endpoints_introduced: ['DoggieViewSet'], endpoints_removed: [] },
    deprecated: null,
    sunset: null,
  };
  const now = {
    ...entry,
    notes: ['Added the age of dogs'],
    views: { endpoints_introduced: [], endpoints_removed: [] },
    deprecated: '2027-01-01',
    sunset: '2028-01-01',
  };
  t.same(contractDifferences(entry, now), [
    { pointer: '/notes', keyword: 'notes', breaking: false, message: 'notes changed from ["Added Dog.age"] to ["Added the age of dogs"]' },
    {
      pointer: '/views/endpoints_introduced/0',
      keyword: 'endpoints_introduced',
      breaking: true,
      message: 'endpoints_introduced item "DoggieViewSet" removed',
    },
    { pointer: '/deprecated', keyword: 'deprecated', breaking: false, message: 'deprecated changed from null to "2027-01-01"' },
    { pointer: '/sunset', keyword: 'sunset', breaking: true, message: 'sunset changed from null to "2028-01-01"' },
  ]);
});

t.test('security: an alternative added breaks nobody, one dropped breaks its clients; an operation without one is unsure', async (t) => {
  const BEARER = { bearer: [] };
  const operation = (security?: unknown): Json => ({ paths: { '/a/': { get: security === undefined ? {} : { security } } } });
  const at = (security?: unknown): Json => (security === undefined ? {} : { security });
  const POINTER = '/paths/~1a~1/get/security';
  const cases: [string, Json, Json, Pick<ContractDifference, 'breaking' | 'message'>[]][] = [
    [
      'an operation that asked for nothing takes a key, optionally',
      operation(),
      operation([{}, BEARER]),
      [{ breaking: false, message: 'security added: [{},{"bearer":[]}] (anonymous accepted)' }],
    ],
    [
      'an operation now needs a key',
      operation(),
      operation([BEARER]),
      [
        {
          breaking: true,
          message: `security added: [{"bearer":[]}], in place of the root's (unsure: the root's is not compared here)`,
        },
      ],
    ],
    [
      'anonymous, then also a key',
      operation([{}]),
      operation([{}, BEARER]),
      [{ breaking: false, message: 'security now also accepts {"bearer":[]} (anonymous accepted)' }],
    ],
    [
      'a key, then another scheme too',
      operation([BEARER]),
      operation([BEARER, { apiKey: [] }]),
      [{ breaking: false, message: 'security now also accepts {"apiKey":[]}' }],
    ],
    ['anonymous no longer accepted', operation([{}, BEARER]), operation([BEARER]), [{ breaking: true, message: 'security no longer accepts {}' }]],
    [
      "an operation's own dropped: it takes the root's",
      operation([BEARER]),
      operation(),
      [
        {
          breaking: true,
          message: `security removed, was [{"bearer":[]}]: the root's applies (unsure: the root's is not compared here)`,
        },
      ],
    ],
    [
      'the same alternatives, reordered',
      operation([BEARER, {}]),
      operation([{}, BEARER]),
      [{ breaking: false, message: 'security changed from [{"bearer":[]},{}] to [{},{"bearer":[]}] (anonymous accepted)' }],
    ],
  ];
  for (const [name, frozen, generated, expected] of cases) {
    t.same(
      contractDifferences(frozen, generated),
      expected.map((difference) => ({ pointer: POINTER, keyword: 'security', ...difference })),
      name,
    );
  }
  t.same(
    contractDifferences(at(), at([BEARER])),
    [
      { pointer: '/security', keyword: 'security', breaking: true, message: 'security no longer accepts {}' },
      { pointer: '/security', keyword: 'security', breaking: false, message: 'security now also accepts {"bearer":[]}' },
    ],
    'the root, absent, asked for nothing: a key required everywhere breaks',
  );
  t.same(
    contractDifferences(at([]), at([{}, BEARER])),
    [{ pointer: '/security', keyword: 'security', breaking: false, message: 'security now also accepts {"bearer":[]} (anonymous accepted)' }],
    'the root: [] asks for nothing',
  );
});

t.test('a security scheme, a path and a status added: nothing breaks', async (t) => {
  const frozen = { paths: { '/a/': { get: { responses: { '200': { description: 'OK.' } } } } }, components: { schemas: {} } };
  const generated = {
    paths: {
      '/a/': { get: { security: [{}, { bearer: [] }], responses: { '200': { description: 'OK.' }, '401': { description: 'A bad key.' } } } },
      '/b/': { put: { security: [{ bearer: [] }], requestBody: { required: true }, responses: {} } },
    },
    components: { schemas: {}, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
  const differences = contractDifferences(frozen, generated);
  t.same(
    differences.map(({ pointer, breaking }) => [pointer, breaking]),
    [
      ['/paths/~1a~1/get/responses/401', false],
      ['/paths/~1a~1/get/security', false],
      ['/paths/~1b~1', false],
      ['/components/securitySchemes', false],
    ],
  );
});

t.test('the rarer changes: each keyword added, removed or reshaped', async (t) => {
  const schema = (properties: Json): Json => ({ components: { schemas: { Dog: properties } } });
  const header = (required: boolean): Json => ({ paths: { '/a/': { get: { responses: { '200': { headers: { Vary: { required } } } } } } } });
  const VARY = '/paths/~1a~1/get/responses/200/headers/Vary/required';
  const cases: [string, unknown, unknown, ContractDifference[]][] = [
    ['a whole file gone', { a: 1 }, undefined, [{ pointer: '', keyword: '', breaking: true, message: 'value changed from {"a":1} to nothing' }]],
    [
      'uniqueItems turned on',
      schema({ uniqueItems: false }),
      schema({ uniqueItems: true }),
      [{ pointer: `${DOG}/uniqueItems`, keyword: 'uniqueItems', breaking: true, message: 'uniqueItems turned true (narrowed)' }],
    ],
    [
      'uniqueItems dropped',
      schema({ uniqueItems: true }),
      schema({}),
      [{ pointer: `${DOG}/uniqueItems`, keyword: 'uniqueItems', breaking: false, message: 'uniqueItems turned false (widened)' }],
    ],
    [
      "a response's headers dropped",
      { paths: { '/a/': { get: { responses: { '200': { headers: {} } } } } } },
      { paths: { '/a/': { get: { responses: { '200': {} } } } } },
      [{ pointer: '/paths/~1a~1/get/responses/200/headers', keyword: 'headers', breaking: true, message: 'headers removed' }],
    ],
    [
      'a list of required properties where there was none',
      schema({}),
      schema({ required: ['id'] }),
      [{ pointer: `${DOG}/required`, keyword: 'required', breaking: true, message: 'required now also lists ["id"]' }],
    ],
    [
      'the list of required properties dropped',
      schema({ required: ['id'] }),
      schema({}),
      [{ pointer: `${DOG}/required`, keyword: 'required', breaking: true, message: 'required no longer lists ["id"]' }],
    ],
    [
      'a response header now required: a guarantee',
      header(false),
      header(true),
      [{ pointer: VARY, keyword: 'required', breaking: false, message: 'required turned true from false' }],
    ],
    [
      'additionalProperties, a schema, changed within',
      schema({ additionalProperties: { type: 'string' } }),
      schema({ additionalProperties: { type: 'integer' } }),
      [
        {
          pointer: `${DOG}/additionalProperties/type`,
          keyword: 'type',
          breaking: true,
          message: 'type changed from "string" to "integer" (narrowed: no longer string)',
        },
      ],
    ],
    [
      'additionalProperties, a schema, dropped: any property allowed',
      schema({ additionalProperties: { type: 'string' } }),
      schema({}),
      [
        {
          pointer: `${DOG}/additionalProperties`,
          keyword: 'additionalProperties',
          breaking: false,
          message: 'additionalProperties turned true from {"type":"string"} (widened)',
        },
      ],
    ],
    [
      'additionalProperties, absent, turned a schema',
      schema({}),
      schema({ additionalProperties: { type: 'string' } }),
      [
        {
          pointer: `${DOG}/additionalProperties`,
          keyword: 'additionalProperties',
          breaking: true,
          message: 'additionalProperties turned {"type":"string"} from true (narrowed)',
        },
      ],
    ],
    [
      'a type added',
      schema({}),
      schema({ type: 'object' }),
      [{ pointer: `${DOG}/type`, keyword: 'type', breaking: true, message: 'type changed from "any" to "object" (narrowed)' }],
    ],
    [
      'a type dropped',
      schema({ type: 'object' }),
      schema({}),
      [{ pointer: `${DOG}/type`, keyword: 'type', breaking: true, message: 'type changed from "object" to "any" (widened: also any)' }],
    ],
    [
      'a type that is not a name',
      schema({ type: [1] }),
      schema({ type: [1, 'null'] }),
      [{ pointer: `${DOG}/type`, keyword: 'type', breaking: true, message: 'type changed from [1] to [1,"null"] (widened: also null)' }],
    ],
    [
      'an enum added',
      schema({}),
      schema({ enum: ['a'] }),
      [{ pointer: `${DOG}/enum`, keyword: 'enum', breaking: true, message: 'enum added (narrowed): ["a"]' }],
    ],
    [
      'an enum dropped',
      schema({ enum: ['a'] }),
      schema({}),
      [{ pointer: `${DOG}/enum`, keyword: 'enum', breaking: false, message: 'enum removed (widened), was ["a"]' }],
    ],
    [
      'an enum reordered',
      schema({ enum: ['a', 'b'] }),
      schema({ enum: ['b', 'a'] }),
      [{ pointer: `${DOG}/enum`, keyword: 'enum', breaking: false, message: 'enum reordered' }],
    ],
    [
      'an item added to a list',
      { servers: [{ url: '/' }] },
      { servers: [{ url: '/' }, { url: '/v2' }] },
      [{ pointer: '/servers/1', keyword: 'servers', breaking: true, message: 'servers item {"url":"/v2"} added' }],
    ],
    [
      'parameters that are not objects',
      { paths: { '/a/': { get: { parameters: ['x'] } } } },
      { paths: { '/a/': { get: { parameters: ['y'] } } } },
      [
        { pointer: '/paths/~1a~1/get/parameters/0', keyword: 'parameters', breaking: true, message: 'parameter "x" removed' },
        { pointer: '/paths/~1a~1/get/parameters/0', keyword: 'parameters', breaking: false, message: 'optional parameter "y" added' },
      ],
    ],
    [
      'security alternatives reordered, none anonymous',
      { security: [{ bearer: [] }, { apiKey: [] }] },
      { security: [{ apiKey: [] }, { bearer: [] }] },
      [
        {
          pointer: '/security',
          keyword: 'security',
          breaking: false,
          message: 'security changed from [{"bearer":[]},{"apiKey":[]}] to [{"apiKey":[]},{"bearer":[]}] (the same alternatives)',
        },
      ],
    ],
    [
      'a security requirement that is not an object',
      { security: ['bearer'] },
      { security: ['bearer', 'key'] },
      [{ pointer: '/security', keyword: 'security', breaking: false, message: 'security now also accepts "key"' }],
    ],
  ];
  for (const [name, frozen, generated, expected] of cases) t.same(contractDifferences(frozen, generated), expected, name);
});

/** A document whose two paths answer a shared 404, whose headers are shared; `vary` and `gone` say what they declare. */
const sharedDocument = (vary: string, gone: Json = { description: 'Gone.' }): unknown => ({
  paths: Object.fromEntries(
    ['/a/', '/b/'].map((path) => [
      path,
      {
        get: {
          parameters: [{ $ref: '#/components/parameters/limit' }],
          responses: {
            '200': { description: 'OK.', headers: { Vary: { $ref: '#/components/headers/Vary' } } },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
    ]),
  ),
  components: {
    responses: { NotFound: { description: 'No such thing.', headers: { Vary: { $ref: '#/components/headers/Vary' }, Gone: gone } } },
    parameters: { limit: { name: 'limit', in: 'query', required: false, schema: { type: 'integer', maximum: 100 } } },
    headers: { Vary: { description: vary, required: true, schema: { type: 'string' } } },
  },
});

t.test('shared declarations are compared as what they mean where used; a change to one is reported once, where declared', async (t) => {
  const frozen = sharedDocument('Always `Accept`.');
  const inline = dereferenced(frozen).document;
  t.same(contractDifferences(frozen, inline), [], 'declared once and used by $ref, or declared at each use: the same');
  t.same(contractDifferences(inline, frozen), [], 'either way');
  t.same(contractDifferences(frozen, sharedDocument('Always `Accept, Origin`.')), [
    {
      pointer: '/paths/~1a~1/get/responses/200/headers/Vary/description',
      keyword: 'description',
      breaking: false,
      message: 'description changed from "Always `Accept`." to "Always `Accept, Origin`."',
      declared: '/components/headers/Vary/description',
      uses: 4,
    },
  ]);
  t.same(
    contractDifferences(frozen, sharedDocument('Always `Accept`.', { description: 'Gone.', required: true })),
    [
      {
        pointer: '/paths/~1a~1/get/responses/404/headers/Gone/required',
        keyword: 'required',
        breaking: false,
        message: 'required turned true from false',
        declared: '/components/responses/NotFound/headers/Gone/required',
        uses: 2,
      },
    ],
    'within a shared response, a header declared in it',
  );
  const changedInline = dereferenced(sharedDocument('Always `Accept, Origin`.')).document;
  t.match(
    contractDifferences(frozen, changedInline),
    [{ declared: '/components/headers/Vary/description', uses: 4 }],
    'declared once in the frozen document only: named there',
  );
  const generated = structuredClone(frozen) as { paths: Record<string, { get: { parameters: unknown[] } }>; components: { parameters: Json } };
  generated.components.parameters.offset = { name: 'offset', in: 'query', required: false, schema: { type: 'integer' } };
  for (const path of ['/a/', '/b/']) generated.paths[path]?.get.parameters.push({ $ref: '#/components/parameters/offset' });
  (generated.components.parameters.limit as { schema: Json }).schema.maximum = 50;
  t.same(contractDifferences(frozen, generated), [
    {
      pointer: '/paths/~1a~1/get/parameters/0/schema/maximum',
      keyword: 'maximum',
      breaking: true,
      message: 'maximum lowered from 100 to 50 (narrowed)',
      declared: '/components/parameters/limit/schema/maximum',
      uses: 2,
    },
    {
      pointer: '/paths/~1a~1/get/parameters/1',
      keyword: 'parameters',
      breaking: false,
      message: 'optional parameter query offset added',
      declared: '/components/parameters/offset',
      uses: 2,
    },
  ]);
});
