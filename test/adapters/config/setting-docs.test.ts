import { readFileSync } from 'node:fs';
import t from 'tap';
import { SETTING_NAMES, SETTINGS, type SettingName } from '../../../src/adapters/config/setting-schema.js';

interface Row {
  readonly name: SettingName;
  readonly meaning: string;
  readonly fallback: string;
}

/** The settings table of a markdown section: a row per setting, a row naming two (`PORT`, `HOST`) split in two. */
function settingRows(file: string, from: string, to: string): Row[] {
  const text = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
  const section = text.slice(text.indexOf(from), text.indexOf(to, text.indexOf(from)));
  return [...section.matchAll(/^\| ((?:`[A-Z_]+`(?:, )?)+) \| (.*) \| ([^|]+) \|$/gm)].flatMap(([, names = '', meaning = '', fallbacks = '']) => {
    const named = names.split(', ').map((name) => name.slice(1, -1) as SettingName);
    const shown = named.length > 1 ? fallbacks.split(', ') : [fallbacks];
    return named.map((name, index) => ({ name, meaning, fallback: shown[index] ?? '' }));
  });
}

const TABLES = [
  settingRows('docs/configuration.md', '| name | meaning | default |', '\n\n'),
  settingRows('README.md', '## Settings', '\n## '),
] as const;
const [configuration, readme] = TABLES;

t.test("docs/configuration.md's and the README's tables name every setting of the schema, in its order", async (t) => {
  t.same(
    configuration.map((row) => row.name),
    SETTING_NAMES,
    'docs/configuration.md',
  );
  t.same(
    readme.map((row) => row.name),
    SETTING_NAMES,
    'README.md',
  );
});

t.test("the tables give each setting's default as the schema does", async (t) => {
  for (const [file, rows] of [
    ['docs/configuration.md', configuration],
    ['README.md', readme],
  ] as const) {
    for (const { name, fallback } of rows) {
      const setting = SETTINGS[name];
      const expected = 'default' in setting ? `\`${setting.default}\`` : setting.unset;
      t.ok(fallback.startsWith(expected), `${file}: ${name} defaults to ${expected}`, { found: fallback });
    }
  }
});

t.test('the tables name every choice of a setting; docs/configuration.md gives the range of a number', async (t) => {
  for (const rows of TABLES) {
    for (const { name, meaning } of rows) {
      const { kind } = SETTINGS[name];
      for (const choice of 'choices' in kind ? (kind.choices ?? []) : []) t.ok(meaning.includes(`\`${choice}\``), `${name}: ${choice}`);
    }
  }
  for (const { name, meaning } of configuration) {
    const { kind } = SETTINGS[name];
    const range = 'range' in kind ? kind.range : undefined;
    if (range !== undefined) t.ok(meaning.includes(`${range[0]} to ${range[1]}`), `${name}: ${range[0]} to ${range[1]}`);
  }
});
