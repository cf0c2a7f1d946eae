import { type JsonSchema, propertiesOf } from './json-schema.js';

/**
 * The changelog's line for one record change: each property added, removed, renamed or changed between two object
 * schemas. A property that goes while one of the same schema comes is read as a rename.
 */
export function describeSchemaChange(resource: string, before: JsonSchema, after: JsonSchema): string | undefined {
  const old = propertiesOf(before);
  const now = propertiesOf(after);
  const added = Object.keys(now).filter((name) => !Object.hasOwn(old, name));
  const removed = Object.keys(old).filter((name) => !Object.hasOwn(now, name));
  const lines: string[] = [];
  for (const [name, schema] of Object.entries(now)) {
    const was = old[name];
    if (was !== undefined && JSON.stringify(was) !== JSON.stringify(schema)) {
      lines.push(`${resource}.${name}: changed from ${describeSchema(was)} to ${describeSchema(schema)}`);
    }
  }
  for (const name of added) {
    const schema = now[name] as JsonSchema;
    const from = removed.findIndex((gone) => JSON.stringify(old[gone]) === JSON.stringify(schema));
    if (from < 0) {
      lines.push(`${resource}.${name}: added, ${describeSchema(schema)}`);
      continue;
    }
    lines.push(`${resource}.${removed[from] as string}: renamed ${name}, ${describeSchema(schema)}`);
    removed.splice(from, 1);
  }
  for (const name of removed) lines.push(`${resource}.${name}: removed, was ${describeSchema(old[name] as JsonSchema)}`);
  return lines.length === 0 ? undefined : lines.join('; ');
}

/** A schema in a few words: `integer`, `string (date)`, `object {human_years: integer, dog_years: integer}`, `array of string`. */
export function describeSchema(schema: JsonSchema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : typeof schema.type === 'string' ? schema.type : 'any value';
  if (type === 'object') {
    const properties = Object.entries(propertiesOf(schema)).map(([name, property]) => `${name}: ${describeSchema(property)}`);
    return properties.length === 0 ? 'object' : `object {${properties.join(', ')}}`;
  }
  if (type === 'array' && typeof schema.items === 'object' && schema.items !== null && !Array.isArray(schema.items)) {
    return `array of ${describeSchema(schema.items as JsonSchema)}`;
  }
  return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
}
