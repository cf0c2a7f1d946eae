const POSITIVE_INTEGER = /^[1-9]\d*$/;

/** The record id written in a path segment, or undefined when it is not a positive integer. */
export function parseRecordId(text: string): number | undefined {
  if (!POSITIVE_INTEGER.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
