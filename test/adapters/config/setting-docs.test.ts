import { readFileSync } from 'node:fs';
import t from 'tap';
import type { SettingDoc } from '../../../src/adapters/config/setting-doc.js';
import { SETTINGS, type Setting } from '../../../src/adapters/config/setting-schema.js';
import { REFERENCE_API } from '../../../src/reference-api.js';
import { SETTINGS_DOCS, withSettingsTables, type SettingsDocsFile } from '../../../tools/settings-docs-source.js';

/** Every documented setting: the layer's schema, then the reference API's own. */
const DOCUMENTED = Object.entries({ ...SETTINGS, ...REFERENCE_API.settings } as Readonly<Record<string, Setting<unknown>>>);

t.test('docs/configuration.md and the README hold the settings tables exactly as npm run settings-docs writes them', async (t) => {
  for (const file of Object.keys(SETTINGS_DOCS) as SettingsDocsFile[]) {
    const text = readFileSync(file, 'utf8');
    t.equal(
      text,
      withSettingsTables(file, text),
      `${file}: as written from the settings' declarations (after changing one, run npm run settings-docs)`,
    );
  }
});

t.test("every setting the tables show has its doc: the layer's, and the reference API's own", async (t) => {
  for (const [name, { doc }] of DOCUMENTED) t.ok(doc !== undefined, name);
});

t.test("a setting's meaning names each of its choices, in full and in brief; in full, a number's range", async (t) => {
  for (const [name, { kind, doc }] of DOCUMENTED) {
    const shown = doc as SettingDoc;
    for (const choice of kind.choices ?? []) {
      t.ok(shown.meaning.includes(`\`${choice}\``), `${name}: ${choice}, in full`);
      // A setting sharing the README row of another is told of there, in that one's brief.
      if ('brief' in shown) t.ok(shown.brief.includes(`\`${choice}\``), `${name}: ${choice}, in brief`);
    }
    if (kind.range !== undefined)
      t.ok(shown.meaning.includes(`${kind.range[0]} to ${kind.range[1]}`), `${name}: ${kind.range[0]} to ${kind.range[1]}`);
  }
});
