import { readFileSync } from 'node:fs';
import t from 'tap';

const read = (file: string): string => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

t.test('every dependency with an install script is approved or denied in package.json, so npm install warns of none', async (t) => {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const pkg = JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean>; scarfSettings?: { enabled?: boolean } };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  t.ok(withScripts.length > 0, `the lock file lists the packages with install scripts: ${withScripts.join(', ')}`);
  for (const name of withScripts) t.type(pkg.allowScripts?.[name], 'boolean', `${name}: reviewed in allowScripts`);
  // npm 10 (Node 20's) ignores allowScripts and runs every install script: Scarf's reads this instead.
  t.equal(pkg.scarfSettings?.enabled, false, "Scarf's install analytics off for npm versions that run its script");
});

t.test("Redocly CLI's telemetry is off in the project's own config, not only in one shell", async (t) => {
  t.match(read('redocly.yaml'), /^telemetry: off$/m);
});
