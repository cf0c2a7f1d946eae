import type { ErrorObject } from 'ajv';
import type { SchemaChecks, SchemaProblem } from '../../application/ports/schema-checks.js';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import { jsonSchemaValidator } from './json-schema-validator.js';

/** The SchemaChecks port with Ajv, which compiles each schema to a function once; every problem of a value is named, not the first only. */
export class AjvSchemaChecks implements SchemaChecks {
  readonly #ajv = jsonSchemaValidator({ allErrors: true });

  compile(schema: JsonSchema): (value: unknown) => readonly SchemaProblem[] {
    const validate = this.#ajv.compile(schema);
    // Ajv sets `errors` whenever a value does not fit, and each error's `message` (no option here turns them off).
    return (value) => (validate(value) ? NONE : (validate.errors as ErrorObject[]).map(problemOf));
  }
}

const NONE: readonly SchemaProblem[] = Object.freeze([]);

/** Ajv's error in the port's words: a missing or unknown field is named as the field itself, not as the object holding it. */
function problemOf({ instancePath, keyword, params, message }: ErrorObject): SchemaProblem {
  const named =
    (params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
    (params as { additionalProperty?: string }).additionalProperty;
  const field = named === undefined ? instancePath : `${instancePath}/${named.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  const words =
    keyword === 'required'
      ? 'is required'
      : keyword === 'additionalProperties'
        ? 'is not a field of this record'
        : keyword === 'false schema'
          ? 'is read-only: the server sets it'
          : (message as string);
  return { field, rule: keyword, message: words };
}
