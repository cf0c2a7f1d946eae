/** What an API's documents call it: each OpenAPI document's title and summary, and what each collection's tag groups. */
export interface ApiInfo {
  /** The documents' title: `Version-aware API`. */
  readonly title: string;
  /** The API in a few words, which a document's summary begins with: `The dogs and cats API` (as version 2.1.0 serves it). */
  readonly name: string;
  /** What each collection's tag groups, by tag: `{ Dogs: 'The dog records.' }`. */
  readonly tags: Readonly<Record<string, string>>;
}

/** The token the composition root binds an API's ApiInfo to. */
export const API_INFO = Symbol.for('ApiInfo');
