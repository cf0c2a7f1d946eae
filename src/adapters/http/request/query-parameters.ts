import { BadRequestError } from './bad-request-error.js';

/** Parameters of one query string read at most, repeats and empty ones included; a list takes a handful. */
export const MAX_QUERY_PARAMETERS = 64;

/** The parameters of a query string (without its `?`). Throws BadRequestError past MAX_QUERY_PARAMETERS, before parsing any. */
export function parseQuery(query: string): URLSearchParams {
  let separators = 0;
  for (let index = query.indexOf('&'); index >= 0; index = query.indexOf('&', index + 1)) {
    separators += 1;
    if (separators === MAX_QUERY_PARAMETERS) {
      throw new BadRequestError(`The query string has more than ${MAX_QUERY_PARAMETERS} parameters; the limit is ${MAX_QUERY_PARAMETERS}.`);
    }
  }
  return new URLSearchParams(query);
}
