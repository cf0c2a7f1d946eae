/** One RFC 8288 link of a `Link` field: its target, resolved, and its parameters, names lower-cased, values unquoted. */
export interface Link {
  readonly href: string;
  readonly params: Readonly<Record<string, string>>;
}

const TARGET = /\s*<([^>]*)>/y;
const PARAMETER = /\s*;\s*([!#$%&'*+.^_`|~\w-]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s;,]*)))?/y;
const SEPARATOR = /\s*(?:,|$)/y;

/**
 * The links of a `Link` field (RFC 8288), targets resolved against `base`; reading stops at the first link that does
 * not parse, keeping those before it.
 */
export function parseLinks(field: string, base: string): Link[] {
  const links: Link[] = [];
  let at = 0;
  while (at < field.length) {
    TARGET.lastIndex = at;
    const target = TARGET.exec(field);
    if (target === null) break;
    at = TARGET.lastIndex;
    const params: Record<string, string> = {};
    for (;;) {
      PARAMETER.lastIndex = at;
      const parameter = PARAMETER.exec(field);
      if (parameter === null) break;
      at = PARAMETER.lastIndex;
      const [, name = '', quoted, token] = parameter;
      params[name.toLowerCase()] = quoted === undefined ? (token ?? '') : quoted.replace(/\\(.)/g, '$1');
    }
    SEPARATOR.lastIndex = at;
    if (SEPARATOR.exec(field) === null) break;
    at = SEPARATOR.lastIndex;
    links.push({ href: new URL(target[1] ?? '', base).href, params });
  }
  return links;
}

/** The target of the first link whose `rel` (a space-separated list) holds `relation`, or null. */
export function linkOf(links: readonly Link[], relation: string): string | null {
  return links.find(({ params }) => (params['rel'] ?? '').toLowerCase().split(/\s+/).includes(relation))?.href ?? null;
}
