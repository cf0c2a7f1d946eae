import { NAME_MAX_LENGTH } from '../../records/record-fields.js';
import type { JsonSchema } from '../../versioning/json-schema.js';

/** The schemas of the fields every record has, as the record rules check them. */
export const RECORD_ID_SCHEMA: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description: "The record's id: a whole number from 1, unique among records of its kind.",
  examples: [1],
};
export const RECORD_NAME_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX_LENGTH,
  description: `The name: 1 to ${NAME_MAX_LENGTH} characters.`,
};
