import { readFile, writeFile } from 'node:fs/promises';
import { SETTINGS_DOCS, withSettingsTables, type SettingsDocsFile } from './settings-docs-source.js';
import { toolArguments } from './tool-arguments.js';

/**
 * `npm run settings-docs`: rewrites the settings tables of docs/configuration.md (in full) and the README (in brief)
 * between their markers, from the layer's setting schema and the reference API's own settings. Run it after changing a setting.
 */
const usage =
  'usage: npm run settings-docs: rewrite the settings tables of docs/configuration.md and README.md from ' +
  'src/adapters/config/setting-schema.ts and src/reference-api.ts.';
const { values } = toolArguments({ options: { help: { type: 'boolean', short: 'h' } } }, usage);
if (values.help === true) {
  console.log(usage);
  process.exit(0);
}
for (const file of Object.keys(SETTINGS_DOCS) as SettingsDocsFile[]) {
  const text = await readFile(file, 'utf8');
  const written = withSettingsTables(file, text);
  if (written === text) console.log(`${file}: unchanged`);
  else {
    await writeFile(file, written);
    console.log(`wrote ${file}`);
  }
}
