import { hashApiKey, issueApiKey } from '../../src/adapters/identity/api-key.js';
import { writeClientsFile } from '../../src/adapters/persistence/memory/clients-file.js';
import type { Client } from '../../src/domain/clients/client.js';
import { TODAY } from './service-launch.js';

/** Clients made for a run, and each one's key, in the same order (only their hashes are stored). */
export interface BenchClients {
  readonly clients: readonly Client[];
  readonly keys: readonly string[];
}

/** `count` clients, `client-1` to `client-<count>`, pinned to `pin`, each with a key issued as `npm run clients -- create` issues one. */
export function benchClients(count: number, pin: string): BenchClients {
  const createdAt = Date.parse(`${TODAY}T00:00:00.000Z`);
  const keys = Array.from({ length: count }, () => issueApiKey());
  const clients = keys.map((key, index) => ({
    name: `client-${index + 1}`,
    keyHash: hashApiKey(key),
    pinnedVersion: pin,
    previousVersion: null,
    rollbackUntil: null,
    createdAt,
    revokedAt: null,
  }));
  return { clients, keys };
}

/** Writes the clients to a CLIENTS_FILE at `path`, as `npm run clients` writes it. */
export function writeBenchClientsFile(path: string, { clients }: BenchClients): Promise<void> {
  return writeClientsFile(path, clients);
}
