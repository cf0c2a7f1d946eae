import { StartupError } from '../../domain/errors/startup-error.js';
import type { SettingDoc } from './setting-doc.js';
import { oneOf } from './setting-kinds.js';
import { SETTINGS, type Setting } from './setting-schema.js';

/** A setting an API declares for itself (defineApi's `settings`): one of the words `oneOf` lists, `default` when unset. */
export interface ApiSettingDeclaration {
  readonly oneOf: readonly string[];
  readonly default: string;
  /** What a settings table says of it, kept with the setting (the reference's are written into its docs by `npm run settings-docs`). */
  readonly doc?: SettingDoc;
}

/** An API's own settings, each by its environment variable. */
export type ApiSettingDeclarations = Readonly<Record<string, ApiSettingDeclaration>>;

/** The value of each of an API's own settings, by its name: one of its words. */
export type ApiSettingValues<S extends ApiSettingDeclarations> = { readonly [N in keyof S]: S[N]['oneOf'][number] };

/** An API's own setting as the layer's are read: a one-of kind, its default, what a refusal says is expected, and its doc if declared. */
export type ApiSetting = Setting<string> & { readonly default: string };

/** A POSIX environment variable's name. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The declarations made settings; a wrong one (a JavaScript declaration has no types to catch it) refuses the start, naming it. */
export function apiSettingsOf(declarations: ApiSettingDeclarations): Readonly<Record<string, ApiSetting>> {
  const wrong: string[] = [];
  const settings: Record<string, ApiSetting> = {};
  for (const [name, declaration] of Object.entries(declarations)) {
    if (Object.hasOwn(SETTINGS, name)) wrong.push(`${name} is a setting of the layer: give the API's own another name`);
    else if (!NAME.test(name)) wrong.push(`${JSON.stringify(name)} is not an environment variable's name (letters, digits and _)`);
    else if (!isOneOf(declaration)) wrong.push(`${name} is not { oneOf: [words], default }, its default one of the words`);
    else
      settings[name] = {
        kind: oneOf(declaration.oneOf),
        default: declaration.default,
        expected: declaration.oneOf.join(' or '),
        doc: declaration.doc,
      };
  }
  if (wrong.length > 0) throw new StartupError(`the API's settings: ${wrong.join('; ')}`);
  return Object.freeze(settings);
}

function isOneOf(declaration: unknown): declaration is ApiSettingDeclaration {
  if (typeof declaration !== 'object' || declaration === null) return false;
  const { oneOf: words, default: fallback } = declaration as Record<string, unknown>;
  return Array.isArray(words) && words.every((word) => typeof word === 'string' && word !== '') && words.includes(fallback);
}

/** Each setting's value in `given`, its default where `given` has none. */
export function apiSettingValues(
  settings: Readonly<Record<string, ApiSetting>>,
  given: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, given[name] ?? setting.default]));
}
