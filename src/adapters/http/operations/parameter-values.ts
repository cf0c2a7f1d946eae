import type { SchemaChecks, SchemaProblem } from '../../../application/ports/schema-checks.js';
import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import { InvalidParameterError } from '../request/refusals.js';
import { propertiesOf } from '../../../domain/versioning/json-schema.js';
import { fieldRefOf, refTo } from '../../../domain/versioning/record-refs.js';
import type { RequestContext } from '../../../domain/versioning/request-context.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** The types a schema allows, from its `type` (one or a list); none when it says none. */
/** The types of an array schema's items. */
const itemTypes = (schema: JsonSchema): readonly JsonValue[] => typesOf((schema.items ?? {}) as JsonSchema);

function typesOf(schema: JsonSchema): readonly JsonValue[] {
  const { type } = schema;
  return Array.isArray(type) ? (type as readonly JsonValue[]) : type === undefined ? [] : [type];
}

/**
 * A path or query value as its schema's type reads it: a whole number for `integer`, a number for `number`, `true`
 * or `false` for `boolean`, else the text itself, which the schema's check then judges. Linear in the text's length.
 */
export function valueOf(text: string, schema: JsonSchema): JsonValue {
  return valueOfTypes(text, typesOf(schema));
}

function valueOfTypes(text: string, types: readonly JsonValue[]): JsonValue {
  if (types.includes('string')) return text;
  if (types.includes('integer') && INTEGER.test(text) && Number.isSafeInteger(Number(text))) return Number(text);
  if (types.includes('number') && NUMBER.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

type Check = (value: unknown) => readonly SchemaProblem[];

/** One parameter's schema and check at a version. */
interface Checked {
  readonly schema: JsonSchema;
  readonly check: Check;
  /** Its schema's types, read once: a request makes no list of them. */
  readonly types: readonly JsonValue[];
}

/**
 * A parameter declared as a field of a record type (`INVOICE.field('status')`): read and checked as that field is
 * at the request's version, then upgraded as the field is, so that the handler is given the newest value.
 */
interface FieldParameter {
  readonly type: string;
  readonly field: string;
  /** By version: undefined where the type has no such field. */
  readonly atVersion: ReadonlyMap<string, Checked | undefined>;
}

type ParameterModel = Pick<VersionModel, 'versions' | 'schemaOf' | 'upgradeValue' | 'typesIn'>;

/** Reads a path's or a query's parameters by their schemas, each checked: a value that does not fit is a 400 naming it. */
export class ParameterValues {
  readonly #checks: ReadonlyMap<string, Checked | FieldParameter>;
  /** The same, as a list: read in order by each request without an iterator's entries. */
  readonly #parameters: readonly { readonly name: string; readonly parameter: Checked | FieldParameter }[];

  constructor(
    private readonly where: 'path' | 'query',
    schemas: Readonly<Record<string, JsonSchema>>,
    checks: SchemaChecks,
    unit: string,
    private readonly model: ParameterModel,
  ) {
    const compiled = (name: string, schema: JsonSchema): Checked => {
      try {
        return { schema, check: checks.compile(schema), types: typesOf(schema) };
      } catch (error) {
        throw new Error(`the ${where} parameter ${name} of ${unit} has a schema no validator takes: ${(error as Error).message}`, { cause: error });
      }
    };
    this.#checks = new Map(
      Object.entries(schemas).map(([name, schema]): [string, Checked | FieldParameter] => {
        const of = fieldRefOf(schema);
        if (of === undefined) return [name, compiled(name, schema)];
        if (!model.typesIn(refTo(of.name)).has(of.name))
          throw new Error(
            `the ${where} parameter ${name} of ${unit} is a field of ${of.name}, which is no record type of the API; declare it in a schema`,
          );
        const atVersion = new Map(
          model.versions.map((version): [string, Checked | undefined] => {
            const property = propertiesOf(model.schemaOf({ name: of.name }, version))[of.field];
            return [version.toString(), property === undefined ? undefined : compiled(name, property)];
          }),
        );
        return [name, { type: of.name, field: of.field, atVersion }];
      }),
    );
    this.#parameters = [...this.#checks].map(([name, parameter]) => ({ name, parameter }));
  }

  /** The names it reads. */
  get names(): readonly string[] {
    return [...this.#checks.keys()];
  }

  /** The path's parameters, each read and checked at the request's version. */
  ofPath(params: Readonly<Record<string, string>>, context: RequestContext): Record<string, JsonValue> | InvalidParameterError {
    const values: Record<string, JsonValue> = {};
    for (const { name, parameter } of this.#parameters) {
      const value = this.#read(name, params[name] as string, parameter, context);
      if (value instanceof InvalidParameterError) return value;
      values[name] = value;
    }
    return values;
  }

  /** The query's declared parameters that were sent, each read and checked; one sent twice is refused unless its schema is an array. */
  ofQuery(query: URLSearchParams, context: RequestContext): Record<string, JsonValue> | InvalidParameterError {
    const values: Record<string, JsonValue> = {};
    if (query.size === 0) return values;
    for (const { name, parameter } of this.#parameters) {
      const sent = query.getAll(name);
      if (sent.length === 0) continue;
      const value = this.#read(name, sent, parameter, context);
      if (value instanceof InvalidParameterError) return value;
      values[name] = value;
    }
    return values;
  }

  /** One parameter's value, from its text (a path's) or the texts sent for it (a query's). */
  #read(
    name: string,
    sent: string | readonly string[],
    parameter: Checked | FieldParameter,
    context: RequestContext,
  ): JsonValue | InvalidParameterError {
    const checked = 'atVersion' in parameter ? parameter.atVersion.get(context.version.toString()) : parameter;
    if (checked === undefined)
      return new InvalidParameterError(`The ${this.where} parameter "${name}" is not read at version ${context.version.toString()}.`);
    const { schema, check, types } = checked;
    let value: JsonValue;
    if (types.includes('array')) value = [sent].flat().map((text) => valueOfTypes(text, itemTypes(schema)));
    else if (typeof sent === 'string') value = valueOfTypes(sent, types);
    else {
      if (sent.length > 1) return new InvalidParameterError(`The ${this.where} parameter "${name}" is given ${sent.length} times: give it once.`);
      value = valueOfTypes(sent[0] as string, types);
    }
    const problems = check(value);
    if (problems.length > 0) return this.#refusal(name, typeof sent === 'string' ? sent : sent.join(','), problems);
    if (!('atVersion' in parameter)) return value;
    // Upgraded as the field of a record is: a renamed field comes back under its newest name.
    const upgraded = this.model.upgradeValue(refTo(parameter.type), { [parameter.field]: value }, context) as Record<string, JsonValue>;
    return Object.values(upgraded)[0] as JsonValue;
  }

  #refusal(name: string, text: string, problems: readonly SchemaProblem[]): InvalidParameterError {
    return new InvalidParameterError(
      `The ${this.where} parameter "${name}" (${quoteShortened(text)}) ${problems.map(({ message }) => message).join('; ')}.`,
    );
  }
}
