/** One element of an Accept header: `type/subtype`, its parameters (names lowercased) and its weight. */
export interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly parameters: ReadonlyMap<string, readonly string[]>;
  readonly weight: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QUOTED_STRING = /^"((?:[^"\\]|\\.)*)"$/s;
const WEIGHT = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The media ranges of an Accept header value (RFC 9110 12.5.1); elements that do not parse are left out. */
export function parseMediaRanges(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const element of splitOutsideQuotes(header, ',')) {
    if (element.trim() === '') continue;
    const range = parseMediaRange(element);
    if (range !== undefined) ranges.push(range);
  }
  return ranges;
}

function parseMediaRange(element: string): MediaRange | undefined {
  const [mediaType = '', ...parameterTexts] = splitOutsideQuotes(element, ';');
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
      if (!WEIGHT.test(value)) return undefined;
      weight = Number(value);
    } else {
      parameters.set(name, [...(parameters.get(name) ?? []), value]);
    }
  }
  return { type, subtype, parameters, weight };
}

function parameterValue(text: string): string | undefined {
  if (text === '' || TOKEN.test(text)) return text;
  const quoted = QUOTED_STRING.exec(text);
  return quoted === null ? undefined : (quoted[1] as string).replace(/\\(.)/gs, '$1');
}

/** Splits on `separator` where it stands outside a quoted string. */
function splitOutsideQuotes(text: string, separator: ',' | ';'): string[] {
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
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
