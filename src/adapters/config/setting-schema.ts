import type { SettingKind } from './setting-kinds.js';
import { LIMIT_SETTINGS } from './limit-settings.js';
import { OPERATIONS_SETTINGS } from './operations-settings.js';
import { SERVING_SETTINGS } from './serving-settings.js';
import { STORAGE_SETTINGS } from './storage-settings.js';
import { WEB_SETTINGS } from './web-settings.js';

export type { Setting } from './setting.js';
export { STORAGES, type Storage } from './storage-settings.js';

/**
 * Every setting of the layer, by its environment variable, in the order they are read and documented: `npm run
 * settings-docs` writes docs/configuration.md's and the README's tables from these (a test checks the files hold
 * them), and the tests read the names here. An API's own settings (defineApi's `settings`, api-setting.ts) are read after them.
 */
export const SETTINGS = { ...SERVING_SETTINGS, ...STORAGE_SETTINGS, ...LIMIT_SETTINGS, ...WEB_SETTINGS, ...OPERATIONS_SETTINGS } as const;

export type SettingName = keyof typeof SETTINGS;

/** The value a setting gives: undefined too when it has no default. */
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T>; readonly default: string }
  ? T
  : (typeof SETTINGS)[N] extends { readonly kind: SettingKind<infer T> }
    ? T | undefined
    : never;

/** Every setting's name, in the schema's order. */
export const SETTING_NAMES = Object.keys(SETTINGS) as readonly SettingName[];
