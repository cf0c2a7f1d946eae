import type { RecordDescription } from '../../../application/use-cases/describe-records.js';
import type { ChangelogEntry } from '../../../domain/versioning/changelog-entry.js';
import type { Version } from '../../../domain/versioning/version.js';
import { VersionModelError } from '../../../domain/versioning/version-model-error.js';
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { jsonSchemaValidator } from '../../validation/json-schema-validator.js';

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
      const validate = validatorOf(record.schema);
      if (validate(record.example)) return false;
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
