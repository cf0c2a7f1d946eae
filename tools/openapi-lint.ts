import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolArguments } from './tool-arguments.js';

/**
 * `npm run lint:openapi [-- --keep DIR]`: every version's OpenAPI document, in both AGE_REMOVAL modes, linted by two
 * tools nobody here wrote: Redocly CLI (`recommended`, redocly.yaml) and Spectral (`spectral:oas`, .spectral.yaml).
 * Any error or warning fails it; the example API's frozen documents too. The documents are written to a temporary folder (or DIR, kept) as the service sends them.
 */
const usage =
  "usage: npm run lint:openapi [-- --keep DIR]: lints every version's /openapi.json in both AGE_REMOVAL modes with Redocly CLI and Spectral.";
const { values } = toolArguments({ options: { keep: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }, usage);
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
// Loaded once the command line is read: a refused one does not wait for the whole service to load.
const { AGE_REMOVALS } = await import('../src/domain/api-history/versions/age-removal.js');
const { publishedDocuments } = await import('./published-documents.js');
const dir = values.keep ?? (await mkdtemp(join(tmpdir(), 'vaa-openapi-')));
const files: string[] = [];
try {
  for (const mode of AGE_REMOVALS) {
    await mkdir(join(dir, mode), { recursive: true });
    for (const [version, document] of await publishedDocuments({ AGE_REMOVAL: mode })) {
      const file = join(dir, mode, `${version}.json`);
      await writeFile(file, JSON.stringify(document, null, 2));
      files.push(file);
    }
  }
  // The example API's documents, as its frozen contracts hold them (its contracts test keeps them what it publishes).
  const examples = (await readdir('examples', { recursive: true })).filter((path) => /contracts\/[^/]+\/openapi\.json$/.test(path)).sort();
  files.push(...examples.map((path) => join('examples', path)));
  console.log(`${files.length - examples.length} documents (${AGE_REMOVALS.join(' and ')}) in ${dir}, ${examples.length} of examples/`);
  const run = (command: string, args: string[]): boolean => {
    console.log(`\n$ ${command} ${args.map((arg) => arg.replace(`${dir}/`, '')).join(' ')}`);
    return spawnSync(join('node_modules', '.bin', command), args, { stdio: 'inherit' }).status === 0;
  };
  const redocly = run('redocly', ['lint', '--config', 'redocly.yaml', '--max-problems', '1000', ...files]);
  const spectral = run('spectral', ['lint', '--ruleset', '.spectral.yaml', '--fail-severity', 'hint', '--display-only-failures', ...files]);
  if (!redocly || !spectral) {
    console.error(`FAILED: ${[redocly ? '' : 'Redocly CLI', spectral ? '' : 'Spectral'].filter(Boolean).join(' and ')} found problems`);
    process.exitCode = 1;
  }
} finally {
  if (values.keep === undefined) await rm(dir, { recursive: true, force: true });
}
