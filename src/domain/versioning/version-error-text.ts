const MAX_ECHOED_LENGTH = 64;

export function describeReceived(received: string): string {
  const shown = received.length > MAX_ECHOED_LENGTH ? `${received.slice(0, MAX_ECHOED_LENGTH)}…` : received;
  return JSON.stringify(shown);
}

export function listSupported(supported: readonly { toString(): string }[]): string {
  return supported.length === 0 ? '' : ` Supported versions: ${supported.join(', ')}.`;
}
