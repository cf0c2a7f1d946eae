import { CalendarDate } from '../../domain/records/calendar-date.js';
import { chooseDefaultVersion, type DefaultVersionChoice } from '../../domain/versioning/default-version.js';
import type { Version } from '../../domain/versioning/version.js';
import { parseCorsOrigins, type CorsOrigins } from '../http/cors/cors-origins.js';

/** What a setting's text may be, and the value it gives; `parse` answers undefined for a text it refuses. */
export interface SettingKind<T> {
  readonly parse: (text: string, supported: readonly Version[]) => T | undefined;
  /** The whole numbers it takes, from the first to the second; absent when it is not a bounded number. */
  readonly range?: readonly [number, number];
  /** Every text it takes; absent when they cannot be listed. */
  readonly choices?: readonly string[];
}

/** A TCP port, 0 to 65535, written without sign, leading zero or space. */
export const port: SettingKind<number> = {
  parse: (text) => (/^(0|[1-9]\d{0,4})$/.test(text) && Number(text) <= 65535 ? Number(text) : undefined),
  range: [0, 65535],
};

/** A whole number from `min` to `max` (no upper bound when `max` is absent), in plain decimal digits. */
export function wholeNumber(min: number, max?: number): SettingKind<number> {
  const upper = max ?? Number.MAX_SAFE_INTEGER;
  return {
    parse: (text) => {
      if (!/^(0|[1-9]\d*)$/.test(text)) return undefined;
      const value = Number(text);
      return value >= min && value <= upper ? value : undefined;
    },
    ...(max === undefined ? {} : { range: [min, max] as const }),
  };
}

/** One of `choices`, exactly as written. */
export function oneOf<T extends string>(choices: readonly T[]): SettingKind<T> {
  return { parse: (text) => choices.find((choice) => choice === text), choices };
}

/** `on` or `off`. */
export const onOff: SettingKind<boolean> = {
  parse: (text) => (text === 'on' ? true : text === 'off' ? false : undefined),
  choices: ['on', 'off'],
};

/** An address or host name to bind: not blank, no space around it. */
export const bindHost: SettingKind<string> = {
  parse: (text) => (text.trim() === '' || text !== text.trim() ? undefined : text),
};

/** The path of a file or folder: any text but the empty one. */
export const path: SettingKind<string> = {
  parse: (text) => (text === '' ? undefined : text),
};

/** A postgres: or postgresql: URL with a host. */
export const postgresUrl: SettingKind<string> = {
  parse: (text) => {
    if (!URL.canParse(text)) return undefined;
    const url = new URL(text);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '' ? text : undefined;
  },
};

/** A real calendar date YYYY-MM-DD. */
export const calendarDate: SettingKind<CalendarDate> = {
  parse: (text) => CalendarDate.parse(text),
};

/** `latest`, `earliest` or one of the supported versions. */
export const defaultVersion: SettingKind<DefaultVersionChoice> = {
  parse: (text, supported) => (chooseDefaultVersion(text, supported) === undefined ? undefined : text),
};

/** `*`, `none`, or a comma-separated list of serialized origins. */
export const corsOrigins: SettingKind<CorsOrigins> = {
  parse: (text) => parseCorsOrigins(text),
};
