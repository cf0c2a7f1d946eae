/** The current time as ISO 8601 text, formatted once per millisecond however many log lines ask for it. */
export class IsoTimestamps {
  #millis = Number.NaN;
  #text = '';

  constructor(private readonly now: () => number = () => Date.now()) {}

  current(): string {
    const millis = this.now();
    if (millis !== this.#millis) {
      this.#millis = millis;
      this.#text = new Date(millis).toISOString();
    }
    return this.#text;
  }
}
