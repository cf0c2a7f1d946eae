import type { RecordDescription } from '../../../application/use-cases/describe-records.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { Version } from '../../../domain/versioning/version.js';
import { VersionModelError } from '../../../domain/versioning/version-model-error.js';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { jsonSchemaValidator } from '../../validation/json-schema-validator.js';
import { selfContained } from '../../../domain/versioning/body-schema.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import { isJsonObject, refName, refPositions } from '../../../domain/versioning/record-refs.js';

/** One version's record types, with its changelog entry to name its changes. */
export interface VersionRecords {
  readonly version: Version;
  readonly entry: ChangelogEntry;
  readonly records: readonly RecordDescription[];
}

let ajv: Ajv2020 | undefined;
/** Compiled schemas by their JSON text, kept for every start in the process: versions share most schemas, and compiling was most of a start's time. */
const compiledSchemas = new Map<string, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiledSchemas.get(text);
  if (validate === undefined) {
    ajv ??= jsonSchemaValidator();
    validate = ajv.compile(schema);
    compiledSchemas.set(text, validate);
  }
  return validate;
}

/** A record type's schema with the types nested in it, at the same version, as one schema a validator takes alone. */
function withNested(schema: JsonSchema, byName: ReadonlyMap<string, JsonSchema>): JsonSchema {
  const names = new Set<string>();
  const visit = (within: JsonSchema): void => {
    for (const { name } of refPositions(within)) {
      // Every type a schema names is declared: the model refused the start otherwise.
      if (names.has(name)) continue;
      names.add(name);
      visit(byName.get(name) as JsonSchema);
    }
  };
  visit(schema);
  return names.size === 0 ? schema : selfContained(schema, names, (name) => byName.get(name) as JsonSchema);
}

/** The keywords of an object schema that `fits` judges itself; a schema with any other is judged whole by Ajv. */
const OBJECT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'description',
  'title',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/**
 * Whether `value` fits `schema`, an object schema judged field by field: each property's schema is compiled once for
 * every version that shares it (most do), so a long history costs a compile per change, not one per version of a
 * whole schema. A schema this does not take apart is compiled whole; a record type by `$ref` is judged the same way.
 */
function fits(schema: JsonSchema, value: unknown, byName: ReadonlyMap<string, JsonSchema>, depth = 0): boolean {
  const name = refName(schema);
  if (name !== undefined && depth < MAX_DEPTH) return fits(byName.get(name) as JsonSchema, value, byName, depth + 1);
  const { properties, required, additionalProperties } = schema;
  const apart =
    schema.type === 'object' &&
    isJsonObject(properties) &&
    (additionalProperties === undefined || typeof additionalProperties === 'boolean') &&
    Object.keys(schema).every((keyword) => OBJECT_KEYWORDS.has(keyword));
  if (!apart) return validatorOf(withNested(schema, byName))(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  if (Array.isArray(required) && !required.every((field) => Object.hasOwn(fields, field as string))) return false;
  return Object.keys(fields).every((field) => {
    const property = properties[field];
    if (property === undefined) return additionalProperties !== false;
    return fits(property as JsonSchema, fields[field], byName, depth + 1);
  });
}

/** Deeper than this a value is judged by Ajv whole: no example nests so far, and a type nested in itself stays bounded. */
const MAX_DEPTH = 32;

/**
 * Refuses the start when a record type's example, in the shape of some version, does not match that version's
 * schema: a change whose downgradeSchema and downgradeResponse disagree. Names the first such version of each record
 * type, newest first, and the changes just above it. `versions` is newest first.
 */
export function checkSchemaAgreement(versions: readonly VersionRecords[]): void {
  const problems: string[] = [];
  const names = new Set(versions.flatMap(({ records }) => records.filter((record) => record.example !== undefined).map((record) => record.key.name)));
  for (const name of names) {
    versions.some(({ version, records }, index) => {
      const record = records.find((candidate) => candidate.key.name === name) as RecordDescription;
      const byName = new Map(records.map((each) => [each.key.name, each.schema]));
      if (fits(record.schema, record.example, byName)) return false;
      // Only a start about to be refused compiles the whole schema, for Ajv's words of what does not fit.
      const validate = validatorOf(withNested(record.schema, byName));
      validate(record.example);
      const error = (ajv as Ajv2020).errorsText(validate.errors, { dataVar: name });
      const newer = versions[index - 1];
      problems.push(
        newer === undefined
          ? `${name} at ${version.toString()}: the head's example does not match the head's schema (${error}); make the schema describe what represent makes`
          : `${name} at ${version.toString()}: the example in this version's shape does not match its schema (${error}); the changes of ` +
              `${newer.version.toString()} (${newer.entry.models.join('; ')}) change the data and the schema differently: make each downgradeSchema do what its downgradeResponse does`,
      );
      return true;
    });
  }
  if (problems.length > 0) throw new VersionModelError(problems);
}
