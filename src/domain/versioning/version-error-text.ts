import { quoteShortened } from '../errors/quote-shortened.js';

const MAX_ECHOED_LENGTH = 64;

export function describeReceived(received: string): string {
  return quoteShortened(received, MAX_ECHOED_LENGTH);
}

export function listSupported(supported: readonly { toString(): string }[]): string {
  return supported.length === 0 ? '' : ` Supported versions: ${supported.join(', ')}.`;
}
