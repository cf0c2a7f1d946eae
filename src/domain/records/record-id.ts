const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;

/** The record id written in a path segment, or undefined when it is not a positive integer (no sign, no leading 0). */
export function parseRecordId(text: string): number | undefined {
  // Read by character code: every record's request parses one, and a regular expression's test cost more than the rest.
  const first = text.charCodeAt(0);
  if (text.length === 0 || first < ONE || first > NINE) return undefined;
  for (let index = 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) return undefined;
  }
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
