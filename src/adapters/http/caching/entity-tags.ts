import { createHash } from 'node:crypto';

/** Distinct (scope, variant) tags one body keeps; past this the oldest are forgotten (a page's variants are few). */
const MAX_VARIANTS = 64;

const digest = (...parts: (string | Buffer)[]): string => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.digest('base64url').slice(0, 22);
};

/**
 * The strong entity tags (RFC 9110 §8.8.3) of one body, each made once: the body's bytes are hashed the first time a
 * tag is asked for, and each tag is a hash of that digest, the scope (the version served, whose media type and shape
 * the representation is: equal bytes at 4.0.0 and 5.0.0 are two representations) and the variant (the headers that
 * describe the content, such as a page's X-Total-Count and Link).
 */
export class EntityTags {
  #digest: string | undefined;
  /** By scope, for bodies with no variant (a record, a document). */
  readonly #plain = new Map<string, string>();
  /** By scope and variant. */
  readonly #variants = new Map<string, string>();

  constructor(private readonly content: () => string | Buffer) {}

  of(scope: string, variant: string): string {
    const tags = variant === '' ? this.#plain : this.#variants;
    const key = variant === '' ? scope : `${scope}\n${variant}`;
    let tag = tags.get(key);
    if (tag === undefined) {
      this.#digest ??= digest(this.content());
      tag = `"${scope === '' ? '' : `${scope}-`}${digest(this.#digest, scope, variant)}"`;
      if (tags.size >= MAX_VARIANTS) tags.delete(tags.keys().next().value as string);
      tags.set(key, tag);
    }
    return tag;
  }
}

/**
 * Whether an If-None-Match field value names `tag` (RFC 9110 §13.1.2): `*`, or a list of entity tags compared weakly
 * (a `W/` prefix is ignored). A malformed list matches nothing, so the full response is sent. One pass over the field,
 * with no allocation; node's MAX_HEADER_SIZE bounds its length.
 */
export function ifNoneMatchNames(field: string, tag: string): boolean {
  const length = field.length;
  let position = 0;
  while (position < length) {
    const char = field.charCodeAt(position);
    if (char === 0x20 || char === 0x09 || char === 0x2c) {
      position += 1;
      continue;
    }
    if (char === 0x2a) return true;
    if (char === 0x57 && field.charCodeAt(position + 1) === 0x2f) position += 2;
    if (field.charCodeAt(position) !== 0x22) return false;
    const end = field.indexOf('"', position + 1);
    if (end < 0) return false;
    if (end + 1 - position === tag.length && field.startsWith(tag, position)) return true;
    position = end + 1;
  }
  return false;
}
