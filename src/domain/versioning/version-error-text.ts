import { quoteShortened } from '../errors/quote-shortened.js';

const MAX_ECHOED_LENGTH = 64;

/** The sentence naming the supported versions, per list: a model passes the same list with every error. */
const supportedSentences = new WeakMap<readonly { toString(): string }[], string>();

export function describeReceived(received: string): string {
  return quoteShortened(received, MAX_ECHOED_LENGTH);
}

export function listSupported(supported: readonly { toString(): string }[]): string {
  let sentence = supportedSentences.get(supported);
  if (sentence === undefined) {
    sentence = supported.length === 0 ? '' : ` Supported versions: ${supported.join(', ')}.`;
    if (Object.isFrozen(supported)) supportedSentences.set(supported, sentence);
  }
  return sentence;
}

/** Who selected a refused version: the request's Accept (false), the configured default (true) or the client's pin. */
export type SelectedBy = boolean | 'pin';

/** The version a refusal is about, by who selected it; what to do instead is the adapter's to say. */
export const REFUSED_SUBJECT: Readonly<Record<string, string>> = { false: 'Version', true: 'The default version', pin: 'Your pinned version' };
