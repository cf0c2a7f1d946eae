import type { Version } from '../../domain/versioning/version.js';
import { wholeNumber, type SettingKind } from './setting-kinds.js';
import type { SettingDoc } from './setting-doc.js';

/** One setting: what its text may be, what a refusal says is expected, its default, and what the settings tables say of it. */
export type Setting<T> = {
  readonly kind: SettingKind<T>;
  readonly expected: string | ((supported: readonly Version[]) => string);
  /** A secret's value is never echoed in a refusal. */
  readonly secret?: true;
  /** What the settings tables say of it; every setting of the layer has it, an API's own may not. */
  readonly doc?: SettingDoc | undefined;
} & (
  | {
      /** The text read when the setting is unset, as one would write it. */
      readonly default: string;
    }
  | {
      /** What an unset setting means, in the words of the docs' tables; its value is undefined. */
      readonly unset: string;
    }
);

/** The longest duration a timer can wait (2^31 - 1 ms, about 24.8 days); node clamps longer ones to 1 ms. */
export const MAX_DURATION_MS = 2_147_483_647;

/** A setting in milliseconds, from 1 to MAX_DURATION_MS. */
export const duration = (fallback: string, doc: SettingDoc) =>
  ({
    kind: wholeNumber(1, MAX_DURATION_MS),
    default: fallback,
    expected: `milliseconds, a whole number from 1 to ${MAX_DURATION_MS}`,
    doc,
  }) as const;

/** A group of settings, each with what the settings tables say of it. */
export type SettingGroup = Readonly<Record<string, Setting<unknown> & { readonly doc: SettingDoc }>>;
