import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import { parseRecordId } from '../../domain/records/record-id.js';
import { InvalidPageError } from '../errors/refusals.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
/** The query parameters of a page, as a client writes them. */
export const PAGE_PARAMETERS = ['limit', 'offset', 'starting_after', 'ending_before'] as const;
const WHOLE_NUMBER = /^(0|[1-9]\d*)$/;

/** One page value as a client wrote it: text, a number (checked as its decimal text), or every value a query string gave. */
export type PageValue = string | number | readonly string[] | undefined;

/** A page as a client writes it; absent values take their defaults. */
export interface PageQuery {
  readonly limit?: PageValue;
  readonly offset?: PageValue;
  readonly starting_after?: PageValue;
  readonly ending_before?: PageValue;
}

/** Stripe's cursor: the page of records just after (`starting_after`) or just before (`ending_before`) an id, which need not exist. */
export interface Cursor {
  readonly side: 'after' | 'before';
  readonly id: number;
}

/** Which slice of a collection to return: up to `limit` records after skipping `offset`, or next to a cursor's id. */
export class PageRequest {
  /** Names the slice within a collection: equal for two requests of the same records. */
  readonly key: string;

  private constructor(
    readonly limit: number,
    readonly offset: number,
    readonly cursor: Cursor | undefined,
  ) {
    this.key = cursor === undefined ? `${limit} ${offset}` : `${limit} ${cursor.side} ${cursor.id}`;
  }

  /** A page from query values; absent ones take their defaults. Throws InvalidPageError. */
  static fromQuery(limit: PageValue, offset: PageValue, startingAfter?: PageValue, endingBefore?: PageValue): PageRequest {
    const pageSize = parseWhole('limit', limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
    const skipped = parseWhole('offset', offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const after = parseCursor('starting_after', startingAfter);
    const before = parseCursor('ending_before', endingBefore);
    if (after !== undefined && before !== undefined) throw new InvalidPageError('starting_after and ending_before are both given; give one of them.');
    const cursor = after ?? before;
    if (cursor !== undefined && isGiven(offset)) {
      throw new InvalidPageError(`offset cannot be given with ${cursor.side === 'after' ? 'starting_after' : 'ending_before'}; give one of them.`);
    }
    return new PageRequest(pageSize, skipped, cursor);
  }

  /** A page from a query as a client wrote it. Throws InvalidPageError. */
  static from(query: PageQuery): PageRequest {
    return PageRequest.fromQuery(query.limit, query.offset, query.starting_after, query.ending_before);
  }

  static of(limit: number, offset: number): PageRequest {
    return PageRequest.fromQuery(limit, offset);
  }

  /** The page of up to `limit` records with ids above `id`. */
  static after(id: number, limit = DEFAULT_LIMIT): PageRequest {
    return PageRequest.fromQuery(limit, undefined, id);
  }

  /** The page of up to `limit` records with ids below `id`. */
  static before(id: number, limit = DEFAULT_LIMIT): PageRequest {
    return PageRequest.fromQuery(limit, undefined, undefined, id);
  }
}

function isGiven(value: PageValue): boolean {
  return typeof value === 'object' ? value.length > 0 : value !== undefined;
}

/** The one value of a parameter, or undefined when absent; throws naming it when it is given more than once. */
function single(name: string, given: PageValue): string | number | undefined {
  if (typeof given !== 'object') return given;
  if (given.length > 1) throw new InvalidPageError(`${name} is given ${given.length} times; give it once.`);
  return given[0];
}

function parseWhole(name: string, given: PageValue, fallback: number, min: number, max: number): number {
  const value = single(name, given);
  if (value === undefined) return fallback;
  const text = String(value);
  const number = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!(number >= min && number <= max)) {
    throw new InvalidPageError(`${name} must be a whole number from ${min} to ${max}; got ${quoteShortened(text)}.`);
  }
  return number;
}

function parseCursor(name: 'starting_after' | 'ending_before', given: PageValue): Cursor | undefined {
  const value = single(name, given);
  if (value === undefined) return undefined;
  const text = String(value);
  const id = parseRecordId(text);
  if (id === undefined)
    throw new InvalidPageError(`${name} must be a record id, a whole number from 1 to ${Number.MAX_SAFE_INTEGER}; got ${quoteShortened(text)}.`);
  return { side: name === 'starting_after' ? 'after' : 'before', id };
}
