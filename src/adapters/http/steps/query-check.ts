import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import { parseQuery } from '../request/request-target.js';
import type { ServedRoute } from '../routing/route.js';
import type { Exchange } from './exchange.js';
import { BadRequestError } from '../request/refusals.js';

/** Unknown names quoted in one refusal at most; the rest are counted. */
const NAMED_AT_MOST = 5;

/** A query parameter the route does not read is a 400 naming it and those the route reads: a misspelling is never served as something else. */
export class QueryCheck {
  /** The refusal for a query the route cannot read (too many parameters, or one it does not know); undefined when it can. */
  answer({ query }: Exchange, route: ServedRoute): BadRequestError | undefined {
    if (query === '') return undefined;
    const accepted = route.queryParameters ?? [];
    const unknown = new Set<string>();
    for (const name of parseQuery(query).keys()) if (!accepted.includes(name)) unknown.add(name);
    if (unknown.size === 0) return undefined;
    return new BadRequestError(`${unknownText([...unknown])}; ${acceptedText(route)}.`);
  }
}

function unknownText(names: readonly string[]): string {
  const quoted = names.slice(0, NAMED_AT_MOST).map((name) => quoteShortened(name));
  const more = names.length > NAMED_AT_MOST ? ` and ${names.length - NAMED_AT_MOST} more` : '';
  return `${names.length === 1 ? 'Unknown query parameter' : 'Unknown query parameters'} ${quoted.join(', ')}${more}`;
}

/** What the route reads, in the words a refusal and the published documents share. */
export function acceptedText(route: Pick<ServedRoute, 'queryParameters' | 'queryNote'>): string {
  const accepted = (route.queryParameters ?? []).map((name) => `"${name}"`);
  if (accepted.length === 0) return 'this path accepts no query parameters';
  const names = accepted.length === 1 ? accepted[0] : `${accepted.slice(0, -1).join(', ')} and ${accepted.at(-1) as string}`;
  return `this path accepts only ${names as string}${route.queryNote === undefined ? '' : ` (${route.queryNote})`}`;
}
