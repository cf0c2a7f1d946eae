/** The query parameters a route reads; any other is a 400 naming it (`checkQuery`, api-request-handler.ts). */
export interface ReadsQuery {
  /** None when absent. */
  readonly queryParameters?: readonly string[];
  /** What they are for, when the names alone do not say, and a target that uses them, below the base (`/openapi.json?version=X.Y.Z`). */
  readonly queryNote?: { readonly purpose: string; readonly target: string };
}

/**
 * What the route reads, in the words a refusal and the published documents share: the note's target below `base`, the
 * request's in a refusal, none in a document (its paths are below its `servers`).
 */
export function acceptedText(route: ReadsQuery, base = ''): string {
  const accepted = (route.queryParameters ?? []).map((name) => `"${name}"`);
  if (accepted.length === 0) return 'this path accepts no query parameters';
  const names = accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} and ${accepted.at(-1) as string}`;
  const note = route.queryNote === undefined ? '' : ` (${route.queryNote.purpose}: ${base}${route.queryNote.target})`;
  return `this path accepts only ${names as string}${note}`;
}
