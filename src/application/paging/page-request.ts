import { quoteShortened } from '../../domain/errors/quote-shortened.js';
import { InvalidPageError } from '../errors/invalid-page-error.js';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;
const WHOLE_NUMBER = /^(0|[1-9]\d*)$/;

/** Which slice of a collection to return: up to `limit` records after skipping `offset`. */
export class PageRequest {
  private constructor(readonly limit: number, readonly offset: number) {}

  /** A page from query values; absent ones take their defaults. Throws InvalidPageError. */
  static fromQuery(limit: string | undefined, offset: string | undefined): PageRequest {
    return new PageRequest(
      parseWhole('limit', limit, DEFAULT_LIMIT, 1, MAX_LIMIT),
      parseWhole('offset', offset, 0, 0, Number.MAX_SAFE_INTEGER),
    );
  }

  static of(limit: number, offset: number): PageRequest {
    return PageRequest.fromQuery(String(limit), String(offset));
  }
}

function parseWhole(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}`;
    throw new InvalidPageError(`${name} must be a whole number, ${range}; got ${quoteShortened(text)}.`);
  }
  return value;
}
