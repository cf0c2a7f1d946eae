import { STATUS_CODES } from 'node:http';

/** Where a declaration is used: by which operation (`unknownPath` for a path the document does not list), at which status. */
export interface Use {
  readonly operation: string;
  readonly status?: string;
}

/** The names given where declarations are made, which know what they are; a declaration is never changed for it. */
const GIVEN = new WeakMap<object, string>();

/** `declaration`, to be called `name` in its document's components when it is shared there: `Allow.GET-HEAD-OPTIONS`. */
export function named<T extends object>(name: string, declaration: T): T {
  GIVEN.set(declaration, name);
  return declaration;
}

/** The name `declaration` was given where it was made, if any. */
export function givenName(declaration: object): string | undefined {
  return GIVEN.get(declaration);
}

/** A status as a component's name: its reason phrase, one word (`NotAcceptable` for 406); a status with none, as written. */
export function statusName(status: number | string): string {
  return safe(STATUS_CODES[status] ?? String(status));
}

/** The characters OpenAPI allows in a component's name, each other one as `_`. */
const safe = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, (char) => (char === ' ' ? '' : '_'));

/**
 * The name of a shared declaration, among those `taken`: `base` when free (the first of its kind met keeps it),
 * else qualified by the use that meets it first (`Cache-Control.getHealth`, `Deprecation.getChangelog.400`), else numbered.
 */
export function freeName(base: string, { operation, status }: Use, taken: ReadonlySet<string>): string {
  const candidates = [base, `${base}.${operation}`, ...(status === undefined ? [] : [`${base}.${operation}.${status}`])].map(safe);
  const free = candidates.find((candidate) => !taken.has(candidate));
  if (free !== undefined) return free;
  let number = 2;
  while (taken.has(`${candidates[0] as string}.${number}`)) number += 1;
  return `${candidates[0] as string}.${number}`;
}
