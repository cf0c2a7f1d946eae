const DEFAULT_MAX = 40;

/** Text from outside cut to `max` characters, so no input can flood a log or a response. */
export function shortened(text: string, max = DEFAULT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The same, JSON-quoted for a message. */
export function quoteShortened(text: string, max = DEFAULT_MAX): string {
  return JSON.stringify(shortened(text, max));
}
