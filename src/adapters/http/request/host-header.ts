import type { IncomingMessage } from 'node:http';
import { BadRequestError } from './bad-request-error.js';

/** RFC 9112 3.2: an HTTP/1.1 request carries exactly one Host header; an HTTP/1.0 one at most one. */
export function checkHostHeader(req: IncomingMessage): void {
  let hosts = 0;
  for (let index = 0; index < req.rawHeaders.length; index += 2) {
    const name = req.rawHeaders[index] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts += 1;
  }
  if (hosts > 1 || (hosts === 0 && req.httpVersion !== '1.0')) {
    throw new BadRequestError(`A request must carry exactly one Host header; this one has ${hosts}.`);
  }
}
