import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { ROOT } from './fixtures/served-program.js';

// docs/versioning-without-http.md: its program, run from the repository's root as it says, prints what the page shows.
t.test("the model's program prints what the page says", async (t) => {
  const page = await readFile(join(ROOT, 'docs', 'versioning-without-http.md'), 'utf8');
  const program = /```js\n([\s\S]*?)```/.exec(page)?.[1] as string;
  const printed = /```text\n([\s\S]*?)```/.exec(page)?.[1] as string;
  // At the root, as the page runs it: the imports are the package's own name and the example's path.
  const file = join(ROOT, `.model-${process.pid}.mjs`);
  t.teardown(() => rm(file, { force: true }));
  await writeFile(file, program);
  const { stdout } = await promisify(execFile)(process.execPath, [file], { cwd: ROOT });
  t.equal(stdout, printed);
});
