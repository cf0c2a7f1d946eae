import { EntityTags } from '../caching/entity-tags.js';

/** A response body serialized ahead of time and sent as it is; its UTF-8 bytes and entity tags are made once, when first needed. */
export class JsonText {
  #bytes: Buffer | undefined;
  #tags: EntityTags | undefined;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.text);
    return this.#bytes;
  }

  /** Its ETag when served at `scope` (a version) with the content headers `variant`. */
  etag(scope: string, variant: string): string {
    this.#tags ??= new EntityTags(() => this.text);
    return this.#tags.of(scope, variant);
  }
}

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
