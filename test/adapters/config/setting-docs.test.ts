import { readFileSync } from 'node:fs';
import t from 'tap';
import { SETTING_NAMES, SETTINGS, type Setting } from '../../../src/adapters/config/setting-schema.js';
import { REFERENCE_API } from '../../../src/reference-api.js';

interface Row {
  readonly name: string;
  readonly meaning: string;
  readonly fallback: string;
}

/**
 * The settings table whose header is `header`, first after `heading` in a markdown file: a row per setting, a row
 * naming two (`PORT`, `HOST`) split in two.
 */
function settingRows(file: string, heading: string, header: string): Row[] {
  const text = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
  const start = text.indexOf(header, text.indexOf(heading));
  const section = text.slice(start, text.indexOf('\n\n', start));
  return [...section.matchAll(/^\| ((?:`[A-Z_]+`(?:, )?)+) \| (.*) \| ([^|]+) \|$/gm)].flatMap(([, names = '', meaning = '', fallbacks = '']) => {
    const named = names.split(', ').map((name) => name.slice(1, -1));
    const shown = named.length > 1 ? fallbacks.split(', ') : [fallbacks];
    return named.map((name, index) => ({ name, meaning, fallback: shown[index] ?? '' }));
  });
}

const LAYER = '| name | meaning | default |';
/** The table of the settings the reference API declares for itself (its `settings`). */
const REFERENCE = "| reference API's own | meaning | default |";
const FILES = [
  ['docs/configuration.md', '# Configuration'],
  ['README.md', '## Settings'],
] as const;
/** Each file's tables: the layer's settings and the reference's own, with the names each must list. */
const TABLES = FILES.flatMap(([file, heading]) => [
  { file, names: SETTING_NAMES, rows: settingRows(file, heading, LAYER) },
  { file, names: Object.keys(REFERENCE_API.settings), rows: settingRows(file, heading, REFERENCE) },
]);

/** A documented setting's declaration: the layer's schema, or the reference API's own. */
const settingOf = (name: string): Setting<unknown> | undefined =>
  (SETTINGS as Readonly<Record<string, Setting<unknown>>>)[name] ?? REFERENCE_API.settings[name];

t.test("docs/configuration.md's and the README's tables name every setting of the schema, and the reference's own, in order", async (t) => {
  for (const { file, names, rows } of TABLES)
    t.same(
      rows.map((row) => row.name),
      names,
      file,
    );
});

t.test("the tables give each setting's default as its declaration does", async (t) => {
  for (const { file, rows } of TABLES) {
    for (const { name, fallback } of rows) {
      const setting = settingOf(name) as Setting<unknown>;
      const expected = 'default' in setting ? `\`${setting.default}\`` : setting.unset;
      t.ok(fallback.startsWith(expected), `${file}: ${name} defaults to ${expected}`, { found: fallback });
    }
  }
});

t.test('the tables name every choice of a setting; docs/configuration.md gives the range of a number', async (t) => {
  for (const { file, rows } of TABLES) {
    for (const { name, meaning } of rows) {
      const { kind } = settingOf(name) as Setting<unknown>;
      for (const choice of kind.choices ?? []) t.ok(meaning.includes(`\`${choice}\``), `${file}: ${name}: ${choice}`);
      if (file === 'docs/configuration.md' && kind.range !== undefined)
        t.ok(meaning.includes(`${kind.range[0]} to ${kind.range[1]}`), `${name}: ${kind.range[0]} to ${kind.range[1]}`);
    }
  }
});
