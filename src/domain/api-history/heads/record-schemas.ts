import { NAME_MAX_LENGTH } from '../../records/record-fields.js';
import type { JsonSchema } from '../../versioning/json-schema.js';

/** The schema of the name the dogs and cats have, as the record rules check it. */
export const RECORD_NAME_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 1,
  maxLength: NAME_MAX_LENGTH,
  description: `The name: 1 to ${NAME_MAX_LENGTH} characters.`,
};
