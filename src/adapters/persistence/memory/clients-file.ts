import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { clientNameProblem, type Client } from '../../../domain/clients/client.js';
import { shortened } from '../../../domain/errors/quote-shortened.js';
import { Version } from '../../../domain/versioning/version.js';
import { readJsonFile } from '../json-file.js';
import { StartupError } from '../../../domain/errors/startup-error.js';

/** About 220,000 clients (300 bytes each): 10^5 fit, read in well under a second at each start. */
export const MAX_CLIENTS_FILE_BYTES = 64 * 1024 * 1024;

const FIELDS = ['name', 'key_sha256', 'pinned_version', 'previous_version', 'rollback_until', 'created_at', 'revoked_at'] as const;
type Field = (typeof FIELDS)[number];
const SHAPE = `{"clients": [{${FIELDS.map((field) => `"${field}": ...`).join(', ')}}]}`;
const KEY_SHA256 = /^[0-9a-f]{64}$/;
/** RFC 3339 in UTC, as `toISOString` writes it; the fraction optional for a hand-written one. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const NAME_TEXT = 'a name of 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit';
const KEY_TEXT = 'the SHA-256 of the key, 64 lowercase hex digits';
const VERSION = 'a version X.Y.Z';
const INSTANT_TEXT = 'an instant YYYY-MM-DDTHH:MM:SS.sssZ (UTC)';

export interface ClientsFileOptions {
  /** A missing file reads as no clients (the CLI's `create` starts one); otherwise it is refused, named. */
  readonly missingIsEmpty?: boolean;
}

/** The clients of CLIENTS_FILE at `path`, every field checked; throws StartupError naming the file, the client and the field. */
export async function readClientsFile(path: string, { missingIsEmpty = false }: ClientsFileOptions = {}): Promise<Client[]> {
  const source = sourceOf(path);
  const json = await readJsonFile(source, path, { maxBytes: MAX_CLIENTS_FILE_BYTES, noun: 'a clients file' }, missingIsEmpty);
  return json === undefined ? [] : parseClients(source, json);
}

/**
 * Replaces the file at `path` with `clients`, atomically: a reader sees the old file or the new one, whole, even if
 * this process dies half-way. The file is the owner's alone (mode 0600). Throws StartupError naming it.
 */
export async function writeClientsFile(path: string, clients: readonly Client[]): Promise<void> {
  const text = `${JSON.stringify({ clients: clients.map(toJson) }, null, 2)}\n`;
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(text, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
    // The rename itself is made durable by syncing the folder that holds the name.
    const folder = await open(dirname(path), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch (error) {
    await rm(temporary, { force: true });
    throw new StartupError(`${sourceOf(path)}: cannot be written (${(error as NodeJS.ErrnoException).code})`);
  }
}

/**
 * Refuses a client whose pin, or the version it may roll back to, is not one of `declared` (newest first): a version
 * the API never had, or one removed since. Each of its requests would be a 406; the service must not start with it.
 */
export function refuseUndeclaredVersions(path: string, clients: readonly Client[], declared: readonly string[]): void {
  const known = new Set(declared);
  for (const { name, pinnedVersion, previousVersion } of clients) {
    const undeclared = !known.has(pinnedVersion)
      ? `is pinned to ${pinnedVersion}`
      : previousVersion !== null && !known.has(previousVersion)
        ? `may roll back to ${previousVersion}`
        : undefined;
    if (undeclared !== undefined) {
      throw new StartupError(
        `${sourceOf(path)}: client ${JSON.stringify(name)} ${undeclared}, which this API does not declare (it declares ${declared.join(', ')}); ` +
          `pin it to one of them: npm run clients -- pin ${name} V`,
      );
    }
  }
}

function sourceOf(path: string): string {
  return `CLIENTS_FILE ${JSON.stringify(path)}`;
}

function toJson(client: Client): Record<Field, string | null> {
  return {
    name: client.name,
    key_sha256: client.keyHash,
    pinned_version: client.pinnedVersion,
    previous_version: client.previousVersion,
    rollback_until: instantText(client.rollbackUntil),
    created_at: new Date(client.createdAt).toISOString(),
    revoked_at: instantText(client.revokedAt),
  };
}

function instantText(instant: number | null): string | null {
  return instant === null ? null : new Date(instant).toISOString();
}

function parseClients(source: string, json: unknown): Client[] {
  if (!isObject(json)) throw new StartupError(`${source}: must be a JSON object ${SHAPE}`);
  for (const key of Object.keys(json)) {
    if (key !== 'clients') throw new StartupError(`${source}: unknown key ${JSON.stringify(shortened(key))}; the only key is "clients"`);
  }
  const items = json['clients'];
  if (!Array.isArray(items)) throw new StartupError(`${source}: "clients" must be an array of clients ${SHAPE}`);
  const names = new Map<string, number>();
  const hashes = new Map<string, number>();
  return items.map((item: unknown, index) => {
    const where = `${source}: clients[${index}]`;
    const client = parseClient(where, item);
    const sameName = names.get(client.name);
    if (sameName !== undefined) throw new StartupError(`${where}: "name" ${JSON.stringify(client.name)} is already used by clients[${sameName}]`);
    const sameKey = hashes.get(client.keyHash);
    if (sameKey !== undefined)
      throw new StartupError(`${where}: "key_sha256" is already used by clients[${sameKey}]: every client has a key of its own`);
    names.set(client.name, index);
    hashes.set(client.keyHash, index);
    return client;
  });
}

function parseClient(where: string, item: unknown): Client {
  if (!isObject(item)) throw new StartupError(`${where}: must be an object with the fields ${FIELDS.join(', ')}`);
  for (const key of Object.keys(item)) {
    if (!(FIELDS as readonly string[]).includes(key)) {
      throw new StartupError(`${where}: unknown field ${JSON.stringify(shortened(key))}; the fields are ${FIELDS.join(', ')}`);
    }
  }
  const field = <T>(name: Field, parse: (value: unknown) => T | undefined, expected: string): T => {
    const value = item[name];
    if (value === undefined) throw new StartupError(`${where}: "${name}" is missing: expected ${expected}`);
    const parsed = parse(value);
    // A key pasted in place of its hash must not reach a log.
    const shown = name === 'key_sha256' ? '' : ` ${shortened(JSON.stringify(value))}`;
    if (parsed === undefined) throw new StartupError(`${where}: "${name}"${shown} is not valid: expected ${expected}`);
    return parsed;
  };
  const orNull =
    <T>(parse: (value: unknown) => T | undefined) =>
    (value: unknown): T | null | undefined =>
      value === null ? null : parse(value);
  const client: Client = {
    name: field('name', (value) => (typeof value === 'string' && clientNameProblem(value) === undefined ? value : undefined), NAME_TEXT),
    keyHash: field('key_sha256', (value) => (typeof value === 'string' && KEY_SHA256.test(value) ? value : undefined), KEY_TEXT),
    pinnedVersion: field('pinned_version', parseVersion, VERSION),
    previousVersion: field('previous_version', orNull(parseVersion), `${VERSION} or null`),
    rollbackUntil: field('rollback_until', orNull(parseInstant), `${INSTANT_TEXT} or null`),
    createdAt: field('created_at', parseInstant, INSTANT_TEXT),
    revokedAt: field('revoked_at', orNull(parseInstant), `${INSTANT_TEXT} or null`),
  };
  if ((client.previousVersion === null) !== (client.rollbackUntil === null)) {
    throw new StartupError(`${where}: "previous_version" and "rollback_until" go together: both null, or both set`);
  }
  return client;
}

function parseVersion(value: unknown): string | undefined {
  return typeof value === 'string' && Version.isWellFormed(value) ? value : undefined;
}

function parseInstant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !INSTANT.test(value)) return undefined;
  const instant = Date.parse(value);
  // Date.parse rolls an impossible date over (February 30th is March 2nd): the date must read back as written.
  return Number.isNaN(instant) || new Date(instant).toISOString().slice(0, 19) !== value.slice(0, 19) ? undefined : instant;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
