// Module hooks: a .ts file of this repository is served as the JavaScript tsc wrote for it in .test-build/ (compiled
// once per run by build-once.mjs), under its own URL, so import.meta.url, stack traces and coverage name the .ts file.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILD, ROOT, STAMP, builtAt } from './build-paths.mjs';

const built = builtAt();
const MAP_PREFIX = '//# sourceMappingURL=data:application/json;base64,';

const isOurs = (url) => url.startsWith(ROOT.href) && !url.includes('/node_modules/') && !url.startsWith(BUILD.href);

/** TypeScript's ESM imports name the .js file that tsc will write; here the source is the .ts file beside it. */
export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL;
  if (parent !== undefined && parent.endsWith('.ts') && isOurs(parent) && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
    const typescript = new URL(`${specifier.slice(0, -3)}.ts`, parent);
    if (statSync(typescript, { throwIfNoEntry: false })?.isFile()) return { url: typescript.href, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts') || !isOurs(url)) return nextLoad(url, context);
  const relative = url.slice(ROOT.href.length);
  const source = fileURLToPath(url);
  if (built === undefined || statSync(source).mtimeMs > built) {
    throw new Error(
      `${relative} is newer than its build in .test-build/ (${STAMP}): run the tests with npm test or test/runner/run.mjs, which build first, or node test/loader/build-once.mjs`,
    );
  }
  const javascript = readFileSync(new URL(`${relative.slice(0, -3)}.js`, BUILD), 'utf8');
  return { format: 'module', source: withSourceAt(javascript, url), shortCircuit: true };
}

/** The inline source map names the source relative to .test-build/; served under the source's URL, it names the URL itself. */
function withSourceAt(javascript, url) {
  const at = javascript.lastIndexOf(MAP_PREFIX);
  if (at === -1) return javascript;
  const map = JSON.parse(Buffer.from(javascript.slice(at + MAP_PREFIX.length).trim(), 'base64').toString('utf8'));
  map.sources = [url];
  delete map.sourceRoot;
  return `${javascript.slice(0, at)}${MAP_PREFIX}${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}
