/** Which origins may read the API from a browser: any (`*`), the exact origins listed, or none. */
export type CorsOrigins = { readonly kind: 'any' } | { readonly kind: 'list'; readonly origins: readonly string[] } | { readonly kind: 'none' };

/**
 * `*`, `none`, or a comma-separated list of serialized origins (`https://app.example`, `http://localhost:3000`: scheme,
 * host and port only, as a browser sends them in Origin); undefined for anything else.
 */
export function parseCorsOrigins(text: string): CorsOrigins | undefined {
  if (text === '*') return { kind: 'any' };
  if (text === 'none') return { kind: 'none' };
  const origins = text.split(',').map((origin) => origin.trim());
  if (!origins.every(isSerializedOrigin)) return undefined;
  return { kind: 'list', origins: Object.freeze([...new Set(origins)]) };
}

function isSerializedOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
}
