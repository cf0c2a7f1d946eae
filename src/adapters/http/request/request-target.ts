import type { IncomingMessage } from 'node:http';
import { BadRequestError } from './refusals.js';

/** The path and query of a request target; absolute-form targets (RFC 9112 3.2.2) give their path too. */
export interface RequestTarget {
  readonly path: string;
  /** The query string, without its `?`: '' when there is none. */
  readonly queryString: string;
}

const SLASH = 0x2f;
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

export function parseRequestTarget(url: string): RequestTarget {
  const originForm = url.charCodeAt(0) === SLASH ? url : url.replace(ABSOLUTE_FORM, '');
  const question = originForm.indexOf('?');
  return question < 0 ? { path: originForm, queryString: '' } : { path: originForm.slice(0, question), queryString: originForm.slice(question + 1) };
}

/** RFC 9112 3.2: an HTTP/1.1 request carries exactly one Host header; an HTTP/1.0 one at most one. The refusal otherwise. */
export function checkHostHeader(req: IncomingMessage): BadRequestError | undefined {
  let hosts = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    const name = req.rawHeaders[index] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts += 1;
  }
  if (hosts > 1 || (hosts === 0 && req.httpVersion !== '1.0')) {
    return new BadRequestError(`A request must carry exactly one Host header; this one has ${hosts}.`);
  }
  return undefined;
}

/** Parameters of one query string read at most, repeats and empty ones included; a list takes a handful. */
export const MAX_QUERY_PARAMETERS = 64;

/** The query a query string (without its `?`) holds, or the refusal past MAX_QUERY_PARAMETERS, before parsing any. */
export function parseQuery(queryString: string): URLSearchParams | BadRequestError {
  let separators = 0;
  for (let index = queryString.indexOf('&'); index >= 0; index = queryString.indexOf('&', index + 1)) {
    separators += 1;
    if (separators === MAX_QUERY_PARAMETERS) {
      return new BadRequestError(`The query string has more than ${MAX_QUERY_PARAMETERS} parameters; the limit is ${MAX_QUERY_PARAMETERS}.`);
    }
  }
  return new URLSearchParams(queryString);
}
