import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import t from 'tap';
import { CONTRACTS_DIRECTORY, compareContracts, frozenContracts, problemLine, writeContracts } from '../../tools/frozen-contracts.js';
import { CONTRACT_FILE_NAMES, releasedContracts, type ContractFile } from '../../tools/released-contracts.js';

// This file is `npm run contracts -- check` inside `npm test`: a released version's contract that changes fails here.
t.test('the committed contracts are what the code publishes today (npm run contracts -- check)', async (t) => {
  const generated = await releasedContracts();
  const frozen = await frozenContracts(CONTRACTS_DIRECTORY, CONTRACT_FILE_NAMES);
  const versions = new Set(generated.map(({ version }) => version));
  t.ok(versions.size > 0, 'the code publishes versions');
  t.equal(generated.length, versions.size * CONTRACT_FILE_NAMES.length, 'every version: a document per AGE_REMOVAL mode and a changelog entry');
  t.same(
    compareContracts(frozen, generated).map(problemLine),
    [],
    'no difference: when a change is deliberate, run `npm run contracts -- accept` and commit contracts/',
  );
});

const file = (version: string, name: string, content: unknown): ContractFile => ({ version, name, content });
const dog = (maximum: number, description: string): unknown => ({
  components: { schemas: { Dog: { properties: { id: { type: 'integer', maximum, description } } } } },
});

t.test('each difference is one line: version, file, pointer, keyword, breaking or not', async (t) => {
  const frozen = [file('2.1.0', 'openapi.computed.json', dog(100, 'The id.')), file('2.1.0', 'changelog.json', { notes: ['Added Dog.age'] })];
  const generated = [file('2.1.0', 'openapi.computed.json', dog(50, 'An id.')), file('2.1.0', 'changelog.json', { notes: ['Added Dog.age'] })];
  t.same(compareContracts(frozen, generated).map(problemLine), [
    '2.1.0 openapi.computed.json /components/schemas/Dog/properties/id/maximum [maximum] BREAKING: maximum lowered from 100 to 50 (narrowed)',
    '2.1.0 openapi.computed.json /components/schemas/Dog/properties/id/description [description] not breaking: description changed from "The id." to "An id."',
  ]);
});

t.test('a version without frozen files, a file missing, a version the code no longer publishes', async (t) => {
  const frozen = [file('2.0.0', 'openapi.computed.json', {}), file('1.0.0', 'openapi.computed.json', {}), file('1.0.0', 'changelog.json', {})];
  const generated = [
    file('3.0.0', 'openapi.computed.json', {}),
    file('3.0.0', 'changelog.json', {}),
    file('2.0.0', 'openapi.computed.json', {}),
    file('2.0.0', 'changelog.json', {}),
  ];
  t.same(compareContracts(frozen, generated).map(problemLine), [
    '3.0.0 (all files) (whole file) not breaking: no frozen contract: run accept to freeze it',
    '2.0.0 changelog.json (whole file) not breaking: no frozen contract: run accept to freeze it',
    '1.0.0 (all files) (whole file) BREAKING: frozen, but the code no longer publishes version 1.0.0',
  ]);
  t.same(
    compareContracts([...frozen, file('2.0.0', 'changelog.json', {})], generated.slice(2)).map(problemLine),
    ['1.0.0 (all files) (whole file) BREAKING: frozen, but the code no longer publishes version 1.0.0'],
    'a frozen file the code no longer writes',
  );
});

t.test('accept writes what Prettier keeps, removes versions the code no longer publishes, and check then passes', async (t) => {
  const directory = mkdtempSync(join(tmpdir(), 'contracts-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  mkdirSync(join(directory, '0.9.0'));
  writeFileSync(join(directory, '0.9.0', 'changelog.json'), '{"version": "0.9.0"}\n');
  const generated = [
    file('2.1.0', 'openapi.computed.json', { paths: { '/doggies/': { get: { tags: ['Dogs'], parameters: [] } } }, info: { version: '2.1.0' } }),
    file('2.1.0', 'changelog.json', { version: '2.1.0', notes: ['Added Dog.age'], deprecated: null }),
  ];
  const { written, removed } = await writeContracts(directory, generated, CONTRACT_FILE_NAMES);
  t.same(written, [join(directory, '2.1.0', 'openapi.computed.json'), join(directory, '2.1.0', 'changelog.json')]);
  t.same(removed, [join(directory, '0.9.0')]);
  const settings = await resolveConfig(resolve(CONTRACTS_DIRECTORY, 'contract.json'));
  for (const path of written) {
    const text = readFileSync(path, 'utf8');
    t.equal(await format(text, { ...settings, parser: 'json' }), text, `${path}: as Prettier prints it`);
    t.ok(text.endsWith('}\n'), `${path}: one trailing newline`);
  }
  t.equal(
    readFileSync(written[0] as string, 'utf8'),
    [
      '{',
      '  "paths": {',
      '    "/doggies/": {',
      '      "get": {',
      '        "tags": ["Dogs"],',
      '        "parameters": []',
      '      }',
      '    }',
      '  },',
      '  "info": {',
      '    "version": "2.1.0"',
      '  }',
      '}',
      '',
    ].join('\n'),
    'an object per line, short lists on one, keys in the order generated',
  );
  t.same(compareContracts(await frozenContracts(directory, CONTRACT_FILE_NAMES), generated), [], 'check passes after accept');
});
