import t from 'tap';
import { PRINTER_MODULE, compareContracts, contractText, problemLine, type ContractFile } from '../../src/contracts/frozen-contracts.js';

const CONTENT = { required: ['id', 'name'], info: { version: '1.0.0' } };

t.test('a project with Prettier gets its print; one without, JSON indented by two spaces', async (t) => {
  t.equal(PRINTER_MODULE, 'prettier');
  t.equal(
    await contractText(CONTENT),
    '{\n  "required": ["id", "name"],\n  "info": {\n    "version": "1.0.0"\n  }\n}\n',
    "this repository's Prettier",
  );
  t.equal(await contractText(CONTENT, 'no-such-printer'), `${JSON.stringify(CONTENT, null, 2)}\n`, 'no Prettier installed');
});

t.test('a printer that fails to load is not taken for a missing one', async (t) => {
  await t.rejects(contractText(CONTENT, 'data:text/javascript,throw new Error("broken printer")'), { message: 'broken printer' });
});

t.test('a frozen file the code no longer writes, of a version it still publishes', async (t) => {
  const file = (name: string): ContractFile => ({ version: '1.0.0', name, content: {} });
  t.same(compareContracts([file('openapi.json'), file('extra.json')], [file('openapi.json')]).map(problemLine), [
    '1.0.0 extra.json (whole file) BREAKING: frozen, but the code no longer publishes it',
  ]);
});

t.test('a line names where a shared value is declared, as a $ref names it, and how many of its uses differ', async (t) => {
  const uses = (description: string, paths: readonly string[]): ContractFile => ({
    version: '1.0.0',
    name: 'openapi.json',
    content: {
      paths: Object.fromEntries(paths.map((path) => [path, { get: { responses: { 406: { $ref: '#/components/responses/NotAcceptable' } } } }])),
      components: { responses: { NotAcceptable: { description } } },
    },
  });
  t.same(compareContracts([uses('No.', ['/a/', '/b/'])], [uses('Not acceptable.', ['/a/', '/b/'])]).map(problemLine), [
    '1.0.0 openapi.json /paths/~1a~1/get/responses/406/description (declared at #/components/responses/NotAcceptable/description, 2 uses) [description] not breaking: description changed from "No." to "Not acceptable."',
  ]);
  t.same(compareContracts([uses('No.', ['/a/'])], [uses('Not acceptable.', ['/a/'])]).map(problemLine), [
    '1.0.0 openapi.json /paths/~1a~1/get/responses/406/description (declared at #/components/responses/NotAcceptable/description) [description] not breaking: description changed from "No." to "Not acceptable."',
  ]);
});
