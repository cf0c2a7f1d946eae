/** One hostile request of about `size` bytes: its request target and its extra header lines. */
export interface HostileRequest {
  readonly target: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** A family of hostile requests, each grown to a given size the same way. */
export interface HostileShape {
  readonly name: string;
  readonly build: (size: number) => HostileRequest;
}

const VERSIONED = 'application/json; version=2.1.0';

/** `unit` repeated until the text reaches `size` characters (whole units). */
function fill(unit: string, size: number): string {
  return unit.repeat(Math.max(1, Math.floor(size / unit.length)));
}

function numbered(size: number, unit: (index: number) => string, separator: string): string {
  const parts: string[] = [];
  let length = 0;
  for (let index = 0; length < size; index += 1) {
    const part = unit(index);
    parts.push(part);
    length += part.length + separator.length;
  }
  return parts.join(separator);
}

const accept = (value: string): HostileRequest => ({ target: '/doggies/1/', headers: { Accept: value } });
const ifNoneMatch = (value: string): HostileRequest => ({ target: '/doggies/1/', headers: { Accept: VERSIONED, 'If-None-Match': value } });

/** Every shape the bench sends: the Accept, If-None-Match and Host headers and the request target, grown each way a parser can be made to work. */
export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { name: 'Accept: one parameter name repeated', build: (size) => accept(VERSIONED + fill(';a=b', size)) },
  { name: 'Accept: distinct parameters', build: (size) => accept(VERSIONED + ';' + numbered(size, (i) => `p${i}=v`, ';')) },
  { name: 'Accept: many ranges, no version', build: (size) => accept(numbered(size, (i) => `text/t${i};q=0.5`, ', ') + ', ' + VERSIONED) },
  { name: 'Accept: many versioned ranges', build: (size) => accept(fill('application/json;version=2.1.0;q=0.5, ', size) + VERSIONED) },
  { name: 'Accept: empty elements', build: (size) => accept(fill(',', size) + VERSIONED) },
  { name: 'Accept: empty parameters', build: (size) => accept(VERSIONED + fill(';', size)) },
  { name: 'Accept: a quoted value full of escapes', build: (size) => accept(`${VERSIONED}; a="${fill('\\"', size)}"`) },
  { name: 'Accept: an unclosed quote', build: (size) => accept(`${VERSIONED}; a="${fill('\\"x', size)}`) },
  { name: 'Accept: quotes opening and closing', build: (size) => accept(VERSIONED + fill('; a="x,y;z"', size)) },
  { name: 'Accept: a long version value', build: (size) => accept(`application/json; version=${fill('9', size)}`) },
  { name: 'Accept: white space', build: (size) => accept(`${fill(' ', size / 2)}application/json ;${fill(' ', size / 2)}version = 2.1.0`) },
  { name: 'If-None-Match: many entity tags', build: (size) => ifNoneMatch(numbered(size, (i) => `"t${i}"`, ', ')) },
  { name: 'If-None-Match: many weak tags', build: (size) => ifNoneMatch(fill('W/"x", ', size)) },
  { name: 'If-None-Match: an unclosed quote', build: (size) => ifNoneMatch(`"${fill('x', size)}`) },
  { name: 'If-None-Match: separators only', build: (size) => ifNoneMatch(fill(', ', size)) },
  { name: 'path: one long segment', build: (size) => ({ target: `/doggies/${fill('a', size)}/`, headers: {} }) },
  { name: 'path: many segments', build: (size) => ({ target: fill('/a', size), headers: {} }) },
  { name: 'path: many slashes, no trailing one', build: (size) => ({ target: `/doggies${fill('/', size)}x`, headers: {} }) },
  { name: 'path: percent-encoding', build: (size) => ({ target: `/doggies/${fill('%2F', size)}/`, headers: {} }) },
  { name: 'query: one parameter repeated', build: (size) => ({ target: `/doggies/?${fill('limit=1&', size)}`, headers: {} }) },
  { name: 'query: distinct parameters', build: (size) => ({ target: `/doggies/?${numbered(size, (i) => `q${i}=1`, '&')}`, headers: {} }) },
  { name: 'query: one long value', build: (size) => ({ target: `/doggies/?limit=${fill('1', size)}`, headers: {} }) },
  { name: 'query: separators only', build: (size) => ({ target: `/doggies/?${fill('&', size)}`, headers: {} }) },
  { name: 'Host: a long value', build: (size) => ({ target: '/doggies/1/', headers: { Host: fill('a', size) } }) },
];
