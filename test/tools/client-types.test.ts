import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import ts from 'typescript';
import { clientTypesSource } from '../../tools/client-types-source.js';
import { acceptVersion, startService } from '../fixtures/service.js';

/** A small typed client of the dog detail, as a user of `npm run client-types` writes it against one version's types. */
const client = (version: string) => `
import type { components, paths } from './${version}.js';

type Dog = paths['/doggies/{id}/']['get']['responses'][200]['content']['application/json; version=${version}'];

export async function getDog(base: string, id: number): Promise<Dog> {
  const response = await fetch(\`\${base}/doggies/\${id}/\`, { headers: { accept: 'application/json; version=${version}' } });
  return (await response.json()) as Dog;
}

export async function ageOf(base: string): Promise<number> {
  const dog: components['schemas']['Dog'] = await getDog(base, 1);
  return dog.age;
}
`;

/** A typed client of a client's own paths: its pin change takes `{version}` and nothing else, and answers its state. */
const selfService = (version: string, body: string) => `
import type { paths } from './${version}.js';

type PinChange = paths['/client/version']['put']['requestBody']['content']['application/json'];
type ClientState = paths['/client/version']['put']['responses'][200]['content']['application/json'];

export async function pin(base: string, key: string): Promise<string> {
  const change: PinChange = ${body};
  const response = await fetch(\`\${base}/client/version\`, {
    method: 'PUT',
    headers: { authorization: \`Bearer \${key}\`, 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  const state: ClientState = (await response.json()) as ClientState;
  const mine: paths['/client/']['get']['responses'][200]['content']['application/json'] = state;
  return mine.pinned_version;
}
`;

/** One program over these files (lib.dom's types parsed once): each file's type errors, by file name. */
function diagnostics(directory: string, files: readonly string[]): Record<string, string[]> {
  const program = ts.createProgram(
    files.map((file) => join(directory, file)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    },
  );
  const global = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file === undefined);
  return Object.fromEntries(
    files.map((file) => [
      file,
      [...global, ...ts.getPreEmitDiagnostics(program, program.getSourceFile(join(directory, file)))].map((diagnostic) =>
        ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      ),
    ]),
  );
}

t.test("a typed client reading dog.age compiles against 2.1.0's types and fails against 4.0.0's", async (t) => {
  const service = await startService(t);
  const directory = mkdtempSync(join(tmpdir(), 'client-types-'));
  t.teardown(() => rmSync(directory, { recursive: true, force: true }));
  for (const version of ['2.1.0', '4.0.0']) {
    const document = (await (await fetch(`${service.url}/openapi.json`, { headers: acceptVersion(version) })).json()) as object;
    const source = await clientTypesSource(document);
    t.match(
      source,
      new RegExp(`^// The types of version-aware-api ${version.replaceAll('.', '\\.')}, from its /openapi\\.json`),
      `${version}: named`,
    );
    writeFileSync(join(directory, `${version}.d.ts`), source);
    writeFileSync(join(directory, `client-${version}.ts`), client(version));
  }
  writeFileSync(join(directory, 'pin.ts'), selfService('4.0.0', "{ version: '4.0.0' }"));
  writeFileSync(join(directory, 'pin-extra.ts'), selfService('4.0.0', "{ version: '4.0.0', at: 1 }"));
  const found = diagnostics(directory, ['client-2.1.0.ts', 'client-4.0.0.ts', 'pin.ts', 'pin-extra.ts']);
  t.same(found['client-2.1.0.ts'], [], '2.1.0: dog.age is a number');
  t.equal(found['client-4.0.0.ts']?.length, 1, '4.0.0: one error');
  t.match(found['client-4.0.0.ts']?.[0], /Property 'age' does not exist on type/, '4.0.0: dog has no age');
  t.same(found['pin.ts'], [], "a client's own paths: the pin change and the state it answers");
  t.match(found['pin-extra.ts'], [/'at' does not exist in type/], 'the pin change is closed: no other field');
});
