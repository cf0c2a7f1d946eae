/** A document dereferenced, and where each object put in place of a `$ref` is declared. */
export interface Dereferenced {
  readonly document: unknown;
  /** The RFC 6901 pointer, into the document given, of the declaration each object standing for a `$ref` copies. */
  readonly origins: WeakMap<object, string>;
}

/** A `$ref` to a document's own components but its schemas (a schema's names a type, and is compared as one). */
const SHARED_REF = /^#\/components\/(?!schemas\/)[^/]+\/[^/]+$/;
/** What a Reference Object may say beside its `$ref`, overriding what it names (OpenAPI 3.1); anything else it says is ignored. */
const OVERRIDES = ['summary', 'description'];
/** The components a document declares only to be referenced: once each use holds its own, they say nothing more. */
const KEPT_COMPONENTS = new Set(['schemas', 'securitySchemes']);

type JsonObject = Readonly<Record<string, unknown>>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `document` (an OpenAPI document, or any JSON) with each `$ref` to its components (`#/components/headers/Vary`, a
 * response, a parameter…, not a schema) replaced by a copy of what it names, its own `summary` and `description`
 * overriding, and those components removed: the same meaning for a client, each use declared where it is. A `$ref`
 * that names nothing, or names itself round a cycle, is left as written.
 */
export function dereferenced(document: unknown): Dereferenced {
  const origins = new WeakMap<object, string>();
  const resolving = new Set<string>();
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    const { $ref: ref } = value;
    if (typeof ref === 'string' && SHARED_REF.test(ref) && !resolving.has(ref)) {
      const target = declarationAt(document, ref);
      if (isObject(target)) {
        resolving.add(ref);
        const copy = {
          ...(walk(target) as JsonObject),
          ...Object.fromEntries(OVERRIDES.filter((key) => key in value).map((key) => [key, value[key]])),
        };
        resolving.delete(ref);
        origins.set(copy, ref.slice(1));
        return copy;
      }
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  };
  const walked = walk(document);
  if (!isObject(walked) || !isObject(walked.components)) return { document: walked, origins };
  const components = Object.fromEntries(Object.entries(walked.components).filter(([kind]) => KEPT_COMPONENTS.has(kind)));
  return { document: { ...walked, components }, origins };
}

/** What `ref` (`#/components/headers/Vary`) names in `document`, undefined when nothing. */
function declarationAt(document: unknown, ref: string): unknown {
  const names = ref
    .slice(2)
    .split('/')
    .map((name) => name.replaceAll('~1', '/').replaceAll('~0', '~'));
  return names.reduce<unknown>((within, name) => (isObject(within) ? within[name] : undefined), document);
}
