import { createHash } from 'node:crypto';
import { EncodedBody } from '../response/prepared-bodies.js';
import type { RouteResponse } from '../routing/route-request.js';

/** The path names the content's hash, so a browser keeps it as long as it likes and a new content is a new path. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A file the docs page loads, its bytes held in memory from the start, served below the docs page's folder: `/docs/<name>.<hash>.<extension>`. */
export class StaticAsset {
  readonly path: string;
  readonly response: RouteResponse;

  constructor(folder: string, name: string, extension: string, bytes: Buffer, contentType: string) {
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    this.path = `${folder}${name}.${hash}.${extension}`;
    this.response = { body: new EncodedBody(bytes, contentType), headers: { 'Cache-Control': IMMUTABLE } };
  }
}
