import type { Representation } from '../../../domain/versioning/representation.js';
import { JsonText } from './prepared-bodies.js';

/**
 * Serializes representations, each frozen one once: a frozen representation cannot change, and the same
 * one comes back for every request of the same record at the same version on the same day. An array of
 * them is written by joining their texts, which is what JSON.stringify of the array would give.
 * The texts are held weakly, so they go when their representation does.
 */
export class RepresentationJson {
  readonly #texts = new WeakMap<Representation, JsonText>();
  readonly #arrays = new WeakMap<readonly Representation[], JsonText>();

  one(representation: Representation): JsonText {
    if (!Object.isFrozen(representation)) return new JsonText(JSON.stringify(representation));
    let json = this.#texts.get(representation);
    if (json === undefined) {
      json = new JsonText(JSON.stringify(representation));
      this.#texts.set(representation, json);
    }
    return json;
  }

  /** An array of representations; a frozen array of frozen ones is serialized once. */
  array(representations: readonly Representation[]): JsonText {
    if (!Object.isFrozen(representations)) return new JsonText(this.#arrayText(representations));
    let json = this.#arrays.get(representations);
    if (json === undefined) {
      json = new JsonText(this.#arrayText(representations));
      if (representations.every((representation) => Object.isFrozen(representation))) this.#arrays.set(representations, json);
    }
    return json;
  }

  #arrayText(representations: readonly Representation[]): string {
    let text = '[';
    for (let index = 0; index < representations.length; index += 1) {
      if (index > 0) text += ',';
      text += this.one(representations[index] as Representation).text;
    }
    return `${text}]`;
  }
}
