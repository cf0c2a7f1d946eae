import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import { InvalidPageError } from '../errors/invalid-page-error.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const WHOLE_NUMBER = /^(0|[1-9]\d*)$/;

/** One page value as a client wrote it: text, a number (checked as its decimal text), or every value a query string gave. */
export type PageValue = string | number | readonly string[] | undefined;

/** A page as a client writes it; absent values take their defaults. */
export interface PageQuery {
  readonly limit?: PageValue;
  readonly offset?: PageValue;
}

/** Which slice of a collection to return: up to `limit` records after skipping `offset`. */
export class PageRequest {
  private constructor(readonly limit: number, readonly offset: number) {}

  /** A page from query values; absent ones take their defaults. Throws InvalidPageError. */
  static fromQuery(limit: PageValue, offset: PageValue): PageRequest {
    return new PageRequest(
      parseWhole('limit', limit, DEFAULT_LIMIT, 1, MAX_LIMIT),
      parseWhole('offset', offset, 0, 0, Number.MAX_SAFE_INTEGER),
    );
  }

  static of(limit: number, offset: number): PageRequest {
    return PageRequest.fromQuery(limit, offset);
  }
}

function parseWhole(name: string, given: PageValue, fallback: number, min: number, max: number): number {
  if (typeof given === 'object') {
    if (given.length > 1) throw new InvalidPageError(`${name} is given ${given.length} times; give it once.`);
    return parseWhole(name, given[0], fallback, min, max);
  }
  if (given === undefined) return fallback;
  const text = String(given);
  const value = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new InvalidPageError(`${name} must be a whole number from ${min} to ${max}; got ${quoteShortened(text)}.`);
  }
  return value;
}
