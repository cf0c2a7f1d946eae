import { EntityTags } from '../caching/entity-tags.js';

/** A response body that is not JSON (the docs page, its scripts): bytes made ahead of time, and their media type. */
export class EncodedBody {
  #tags: EntityTags | undefined;

  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}

  /** Its ETag, made once. */
  etag(scope: string, variant: string): string {
    this.#tags ??= new EntityTags(() => this.bytes);
    return this.#tags.of(scope, variant);
  }
}
