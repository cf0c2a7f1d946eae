import { closedObject, type JsonSchema } from '../../versioning/json-schema.js';

/** Dog.age from 2.1.0 to 2.x: the age in whole human years. */
export const HUMAN_YEARS_SCHEMA: JsonSchema = { type: 'integer', description: "The dog's age in whole years, from its birthday to today (UTC)." };

/** Dog.age from 3.0.0 to 3.x: human and dog years together (-1 in both where it can no longer be computed). */
export const AGE_OBJECT_SCHEMA: JsonSchema = {
  ...closedObject({
    human_years: { type: 'integer', description: 'Whole years from the birthday to today (UTC); -1 where it can no longer be computed.' },
    dog_years: { type: 'integer', description: 'The same age in dog years (seven per human year); -1 where it can no longer be computed.' },
  }),
  description: "The dog's age, in human and in dog years.",
};
