/** One element of an Accept header: `type/subtype`, its parameters (names lowercased) and its weight. */
export interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly parameters: ReadonlyMap<string, readonly string[]>;
  readonly weight: number;
}

import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import { AcceptHeaderError } from './refusals.js';

/** Elements of one Accept header read at most, empty ones included; browsers send about ten. */
export const MAX_MEDIA_RANGES = 64;
/** Parameters of one media range read at most, `q` and empty ones included. */
export const MAX_RANGE_PARAMETERS = 16;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const CODE_UNITS_PER_CALL = 8192;
const WEIGHT = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The media ranges of an Accept header value (RFC 9110 12.5.1); elements that do not parse are left out, but for a
 * range that admits JSON with a bad q-value, whose AcceptHeaderError is returned. So is the one past MAX_MEDIA_RANGES
 * elements or MAX_RANGE_PARAMETERS parameters in one: a header read only in part could select another version than
 * the client meant.
 */
export function parseMediaRanges(header: string): MediaRange[] | AcceptHeaderError {
  const ranges: MediaRange[] = [];
  const elements = splitOutsideQuotes(header, ',', MAX_MEDIA_RANGES);
  if (elements === undefined) {
    return new AcceptHeaderError(
      'accept_over_limit',
      `The Accept header has more than ${MAX_MEDIA_RANGES} elements; the limit is ${MAX_MEDIA_RANGES}.`,
    );
  }
  for (const element of elements) {
    if (element.trim() === '') continue;
    const range = parseMediaRange(element);
    if (range instanceof AcceptHeaderError) return range;
    if (range !== undefined) ranges.push(range);
  }
  return ranges;
}

function parseMediaRange(element: string): MediaRange | AcceptHeaderError | undefined {
  const parts = splitOutsideQuotes(element, ';', MAX_RANGE_PARAMETERS + 1);
  if (parts === undefined) {
    return new AcceptHeaderError(
      'accept_over_limit',
      `A media range in the Accept header has more than ${MAX_RANGE_PARAMETERS} parameters; the limit is ${MAX_RANGE_PARAMETERS}.`,
    );
  }
  const [mediaType = '', ...parameterTexts] = parts;
  const slash = mediaType.trim().split('/');
  if (slash.length !== 2) return undefined;
  const [type = '', subtype = ''] = slash.map((part) => part.toLowerCase());
  if (!TOKEN.test(type) || !TOKEN.test(subtype) || (type === '*' && subtype !== '*')) return undefined;

  const parameters = new Map<string, string[]>();
  let weight = 1;
  for (const text of parameterTexts) {
    if (text.trim() === '') continue;
    const equals = text.indexOf('=');
    if (equals < 0) return undefined;
    const name = text.slice(0, equals).trim().toLowerCase();
    const value = parameterValue(text.slice(equals + 1).trim());
    if (!TOKEN.test(name) || value === undefined) return undefined;
    if (name === 'q') {
      if (!WEIGHT.test(value)) return admitsJson(type, subtype) ? invalidWeight(type, subtype, value) : undefined;
      weight = Number(value);
    } else {
      const values = parameters.get(name);
      if (values === undefined) parameters.set(name, [value]);
      else values.push(value);
    }
  }
  return { type, subtype, parameters, weight };
}

/** A range that may pick JSON with a weight that does not parse: refused, since dropping it could serve another version than the client meant. */
function invalidWeight(type: string, subtype: string, value: string): AcceptHeaderError {
  return new AcceptHeaderError(
    'invalid_accept_weight',
    `The Accept header's ${type}/${subtype} has an invalid q-value ${quoteShortened(value)}: a weight is 0 to 1 with at most three decimals (q=0.9, RFC 9110 12.4.2).`,
  );
}

function admitsJson(type: string, subtype: string): boolean {
  return type === '*' || (type === 'application' && (subtype === 'json' || subtype === '*'));
}

function parameterValue(text: string): string | undefined {
  return text === '' || TOKEN.test(text) ? text : unquoted(text);
}

/** The content of a quoted string (RFC 9110 5.6.4) with its escapes undone, in one pass; undefined when `text` is not one. */
function unquoted(text: string): string | undefined {
  const last = text.length - 1;
  if (last < 1 || text.charCodeAt(0) !== QUOTE || text.charCodeAt(last) !== QUOTE) return undefined;
  // Code units copied into one array: a string built by joining one piece per escape costs a hundred times more.
  let content: Uint16Array | undefined;
  let length = 0;
  for (let index = 1; index < last; index += 1) {
    let char = text.charCodeAt(index);
    if (char === QUOTE) return undefined;
    if (char === BACKSLASH) {
      if (index + 1 === last) return undefined;
      if (content === undefined) {
        content = new Uint16Array(last);
        for (let copied = 1; copied < index; copied += 1) content[length++] = text.charCodeAt(copied);
      }
      index += 1;
      char = text.charCodeAt(index);
    }
    if (content !== undefined) content[length++] = char;
  }
  return content === undefined ? text.slice(1, last) : fromCodeUnits(content, length);
}

/** A string of the first `length` code units; in slices, since a call takes only so many arguments. */
function fromCodeUnits(units: Uint16Array, length: number): string {
  const parts: string[] = [];
  for (let from = 0; from < length; from += CODE_UNITS_PER_CALL) {
    parts.push(String.fromCharCode.apply(null, units.subarray(from, Math.min(length, from + CODE_UNITS_PER_CALL)) as unknown as number[]));
  }
  return parts.join('');
}

/** Splits on `separator` where it stands outside a quoted string; undefined as soon as there are more than `most` parts. */
function splitOutsideQuotes(text: string, separator: ',' | ';', most: number): string[] | undefined {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '\\') index += 1;
      else if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
    } else if (char === separator) {
      if (parts.length === most - 1) return undefined;
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
