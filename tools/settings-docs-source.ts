import type { SettingDoc } from '../src/adapters/config/setting-doc.js';
import { SETTINGS, type Setting } from '../src/adapters/config/setting-schema.js';
import { REFERENCE_API } from '../src/reference-api.js';
import { rewriteRegion } from './marked-region.js';

type Settings = Readonly<Record<string, Setting<unknown>>>;

/** The default as a table shows it: the text read when unset, as code, or what unset means. */
const defaultOf = (setting: Setting<unknown>): string => ('default' in setting ? `\`${setting.default}\`` : setting.unset);

/** A setting's doc; one without, or with a cell that would break its table's row, is refused, naming it. */
function docOf(name: string, setting: Setting<unknown>): SettingDoc {
  const { doc } = setting;
  if (doc === undefined) throw new Error(`${name} has no doc: give it one (its meaning, and its brief or briefWith) where it is declared`);
  if (Object.values(doc).some((text) => /[|\n]/.test(text))) throw new Error(`${name}: a table cell cannot hold | or a line break`);
  return doc;
}

/** A table of settings: its header, whose first cell names whose settings they are, then its rows. */
const table = (header: string, rows: readonly string[]): string => [`| ${header} | meaning | default |`, '|---|---|---|', ...rows].join('\n');

/** docs/configuration.md's table of `settings`: a row each, its meaning in full, its default and the note after it. */
export function fullTable(header: string, settings: Settings): string {
  return table(
    header,
    Object.entries(settings).map(([name, setting]) => {
      const doc = docOf(name, setting);
      return `| \`${name}\` | ${doc.meaning} | ${defaultOf(setting)}${doc.defaultNote ?? ''} |`;
    }),
  );
}

/** The README's table of `settings`: a row each, its meaning in brief, but a setting `briefWith` another joins that one's row. */
export function briefTable(header: string, settings: Settings): string {
  const rows: { names: string[]; brief: string; defaults: string[] }[] = [];
  for (const [name, setting] of Object.entries(settings)) {
    const doc = docOf(name, setting);
    const last = rows.at(-1);
    if ('brief' in doc) rows.push({ names: [name], brief: doc.brief, defaults: [defaultOf(setting)] });
    else if (last?.names.includes(doc.briefWith) === true) {
      last.names.push(name);
      last.defaults.push(defaultOf(setting));
    } else throw new Error(`${name}: briefWith ${doc.briefWith}, which is not on the README row just before it`);
  }
  return table(
    header,
    rows.map(({ names, brief, defaults }) => `| ${names.map((name) => `\`${name}\``).join(', ')} | ${brief} | ${defaults.join(', ')} |`),
  );
}

/** Each table, by the name of its region: its header's first cell, the file its settings are declared in, and those settings. */
const TABLES = [
  { name: 'settings', header: 'name', source: 'src/adapters/config/setting-schema.ts', settings: SETTINGS },
  { name: 'reference-settings', header: "reference API's own", source: 'src/reference-api.ts', settings: REFERENCE_API.settings },
] as const;

/** The files that show both tables, from the repository's root, and how: docs/configuration.md in full, the README in brief. */
export const SETTINGS_DOCS = { 'docs/configuration.md': fullTable, 'README.md': briefTable } as const;

export type SettingsDocsFile = keyof typeof SETTINGS_DOCS;

/** `text`, the file's, with its tables as `npm run settings-docs` writes them from the settings' declarations. */
export function withSettingsTables(file: SettingsDocsFile, text: string): string {
  const tableOf = SETTINGS_DOCS[file];
  return TABLES.reduce(
    (written, { name, header, source, settings }) => rewriteRegion(file, written, { name, note: source, content: tableOf(header, settings) }),
    text,
  );
}
