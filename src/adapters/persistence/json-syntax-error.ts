/**
 * Where JSON text first breaks the grammar, as line and column (both from 1) and what was found there, for a
 * one-line message: V8's own message gives no position for some errors and quotes the text, line breaks and all.
 * One pass over the text, without recursion (a file may nest deeper than the stack); called only once JSON.parse
 * has refused the text.
 */
export function jsonSyntaxError(text: string): string {
  const offset = firstError(text);
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  const found = offset >= text.length ? 'the end of the file' : JSON.stringify(String.fromCodePoint(text.codePointAt(offset) as number));
  return `line ${line}, column ${offset - lineStart + 1}: unexpected ${found}`;
}

const SPACE = /[ \t\n\r]*/y;
// A string as JSON allows it: no raw control character (U+0000 to U+001F), only the escapes JSON defines.
// eslint-disable-next-line no-control-regex
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const SCALAR = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** The offset of the first character out of place (the text's length when it ends too soon). */
function firstError(text: string): number {
  let at = 0;
  const skip = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) return false;
    at = pattern.lastIndex;
    return true;
  };
  /** A member's name and its colon. */
  const key = (): boolean => {
    if (!skip(STRING)) return false;
    skip(SPACE);
    if (text.charAt(at) !== ':') return false;
    at += 1;
    return true;
  };
  /** The closing bracket of each container open around the current position. */
  const open: string[] = [];
  for (;;) {
    skip(SPACE);
    const char = text.charAt(at);
    if (char === '{' || char === '[') {
      at += 1;
      skip(SPACE);
      const close = char === '{' ? '}' : ']';
      if (text.charAt(at) !== close) {
        open.push(close);
        if (close === '}' && !key()) return at;
        continue;
      }
      at += 1;
    } else if (!skip(STRING) && !skip(SCALAR)) return at;
    // After a value: close what ends here, then a comma starts the next member.
    for (;;) {
      skip(SPACE);
      const close = open.at(-1);
      if (close === undefined) return at;
      if (text.charAt(at) === close) {
        open.pop();
        at += 1;
        continue;
      }
      if (text.charAt(at) !== ',') return at;
      at += 1;
      skip(SPACE);
      if (close === '}' && !key()) return at;
      break;
    }
  }
}
