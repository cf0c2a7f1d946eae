import type { Representation } from './representation.js';

export function withoutField(data: Representation, fieldName: string): Representation {
  if (!Object.hasOwn(data, fieldName)) return data;
  const { [fieldName]: _removed, ...rest } = data;
  return rest;
}
