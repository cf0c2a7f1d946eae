import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { CLIENT_PATHS_DIRECTORY, INDEX_FILE, clientPathsFiles } from '../../tools/client-paths-source.js';
import { CONTRACTS_DIRECTORY } from '../../tools/frozen-contracts.js';

// openapi-typescript over six documents: some seconds on a shared machine.
t.setTimeout(120_000);

t.test("the official client's types are those of the frozen contracts (npm run client-paths)", async (t) => {
  const generated = await clientPathsFiles(CONTRACTS_DIRECTORY);
  const versions = readdirSync(CONTRACTS_DIRECTORY);
  t.equal(generated.size, versions.length + 1, 'a module per frozen version, and the index');
  t.same(readdirSync(CLIENT_PATHS_DIRECTORY).sort(), [...generated.keys()].sort(), 'no file missing, none left over');
  for (const [name, text] of generated) {
    t.ok(
      readFileSync(join(CLIENT_PATHS_DIRECTORY, name), 'utf8') === text,
      `${name}: as generated (when a contract changed, run npm run client-paths)`,
    );
  }
  for (const version of versions) t.match(generated.get(INDEX_FILE), `'${version}': v${version.replaceAll('.', '_')};`, `the index names ${version}`);
});
