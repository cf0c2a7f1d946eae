import { EntityTags } from '../caching/entity-tags.js';

/** A whole response's headers, as node's writeHead takes them. */
export type AnswerHeaders = Readonly<Record<string, string | number>>;

interface AnswerHead {
  readonly version: string;
  readonly cors: object | undefined;
  readonly cacheControl: string;
  readonly variant: string;
  readonly headers: AnswerHeaders;
}

/** A response body serialized ahead of time and sent as it is; its UTF-8 bytes and entity tags are made once, when first needed. */
export class JsonText {
  #bytes: Buffer | undefined;
  #tags: EntityTags | undefined;
  #head: AnswerHead | undefined;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.text);
    return this.#bytes;
  }

  /**
   * The headers kept for its 200 at `version` with the CORS headers `cors`, `cacheControl` and the ETag variant
   * `variant` (a page's X-Total-Count and Link); undefined when others are kept.
   */
  headersAt(version: string, cors: object | undefined, cacheControl: string, variant: string): AnswerHeaders | undefined {
    const head = this.#head;
    return head !== undefined && head.version === version && head.cors === cors && head.cacheControl === cacheControl && head.variant === variant
      ? head.headers
      : undefined;
  }

  /** Keeps `headers`, frozen, as those of its 200 that headersAt names, in place of any kept before; returns them. */
  keepHeaders(
    version: string,
    cors: object | undefined,
    cacheControl: string,
    variant: string,
    headers: Record<string, string | number>,
  ): AnswerHeaders {
    const frozen = Object.freeze(headers);
    this.#head = { version, cors, cacheControl, variant, headers: frozen };
    return frozen;
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
