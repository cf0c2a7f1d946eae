/** A response body serialized ahead of time and sent as it is; its UTF-8 bytes are made once, when first sent. */
export class JsonText {
  #bytes: Buffer | undefined;

  constructor(readonly text: string) {}

  get bytes(): Buffer {
    this.#bytes ??= Buffer.from(this.text);
    return this.#bytes;
  }
}
