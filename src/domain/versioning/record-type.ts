import type { JsonSchema } from './json-schema.js';
import { fieldRefTo, refTo } from './record-refs.js';
import type { JsonValue, Representation } from './representation.js';

/** Names a record type in the version model; the type parameter ties the key to its record type. */
export interface RecordType<R> {
  readonly name: string;
  readonly accepts?: (record: R) => void;
}

const DECLARED = Symbol('declared record type');

/**
 * A record type declared with its newest JSON Schema: the key its changes name, and its own head (a value of it is
 * its own representation, as a handler of the team's returns it). Where it appears in another type's schema or in a
 * body, by itself or by `$ref`, every change to it is walked there.
 */
export interface DeclaredRecordType extends RecordType<Representation> {
  readonly key: DeclaredRecordType;
  /** The newest schema, each record type in it a `$ref` to that type. */
  readonly schema: JsonSchema;
  /** The record types its schema holds where it was declared. */
  readonly nested: readonly DeclaredRecordType[];
  /** A value whose every older shape must match that version's schema, checked at start; the documents show it. */
  readonly example: Representation | undefined;
  /** A `$ref` to it, for a schema written by hand. */
  readonly ref: JsonSchema;
  /** A `$ref` to one of its fields: a path or query parameter read as that field is at the request's version, and upgraded as it is. */
  field(name: string): JsonSchema;
  represent(record: Representation): Representation;
  readonly [DECLARED]: true;
}

/** A schema in which a declared record type may stand where its schema would: `{ customer: CUSTOMER }`. */
export type SchemaWithTypes = DeclaredRecordType | { readonly [keyword: string]: SchemaWithTypes | JsonValue } | readonly SchemaWithTypes[];

export function recordType<R>(name: string): RecordType<R>;
export function recordType(name: string, schema: SchemaWithTypes, options?: { readonly example?: Representation }): DeclaredRecordType;
/**
 * The key of a record type (`recordType('Dog')`, whose collection's head says how a record is represented), or, with
 * a schema, a record type of its own: its values are its newest shape, and other types may be nested in it.
 */
export function recordType(name: string, schema?: SchemaWithTypes, options: { readonly example?: Representation } = {}): RecordType<never> {
  if (schema === undefined) return Object.freeze({ name });
  const nested: DeclaredRecordType[] = [];
  const declared: DeclaredRecordType = Object.freeze({
    name,
    get key() {
      return declared;
    },
    schema: withRefs(schema, nested),
    nested,
    example: options.example,
    ref: refTo(name),
    field: (field: string) => fieldRefTo(name, field),
    represent: (record: Representation) => record,
    [DECLARED]: true as const,
  });
  return declared;
}

/** Whether a value is a record type declared with its schema. */
export function isDeclaredRecordType(value: unknown): value is DeclaredRecordType {
  return typeof value === 'object' && value !== null && (value as Partial<DeclaredRecordType>)[DECLARED] === true;
}

/** `schema` as plain JSON Schema, each declared record type in it a `$ref`, each noted in `found` once. */
export function withRefs(schema: SchemaWithTypes, found: DeclaredRecordType[]): JsonSchema {
  return replaceTypes(schema, found) as JsonSchema;
}

function replaceTypes(value: SchemaWithTypes | JsonValue, found: DeclaredRecordType[]): JsonValue {
  if (isDeclaredRecordType(value)) {
    if (!found.includes(value)) found.push(value);
    return value.ref;
  }
  if (Array.isArray(value)) return (value as readonly (SchemaWithTypes | JsonValue)[]).map((item) => replaceTypes(item, found));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replaceTypes(inner, found)]));
}

/** Every record type `types` hold, at any depth, each once: the given ones first. */
export function withNestedTypes(types: readonly DeclaredRecordType[]): DeclaredRecordType[] {
  const all: DeclaredRecordType[] = [];
  const visit = (type: DeclaredRecordType): void => {
    if (all.includes(type)) return;
    all.push(type);
    for (const inner of type.nested) visit(inner);
  };
  for (const type of types) visit(type);
  return all;
}
