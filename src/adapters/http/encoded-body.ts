/** A response body that is not JSON (the docs page, its scripts): bytes made ahead of time, and their media type. */
export class EncodedBody {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}
