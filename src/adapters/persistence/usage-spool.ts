import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { UsageCount } from '../../domain/clients/usage.js';
import type { UsageStore } from '../../application/ports/usage-store.js';
import { StartupError } from '../../domain/errors/startup-error.js';

/** A spooled file's name: written whole under a temporary name first, so a half-written file is never read. */
const SPOOLED = /^usage-[0-9A-Za-z.-]+\.json$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What one spooled file held, once handed to the store (or not). */
export interface SpooledFile {
  readonly file: string;
  /** The requests its counts add up to. */
  readonly requests: number;
}

export interface ReplayResult {
  readonly stored: readonly SpooledFile[];
  /** Files whose counts the store refused, left where they were for the next start, with why. */
  readonly kept: readonly (SpooledFile & { readonly error: string })[];
  /** Files that are not spooled counts (changed by hand, cut short): left as they are, with why. */
  readonly unreadable: readonly { readonly file: string; readonly error: string }[];
}

/** The requests a batch of counts adds up to. */
export const requestsIn = (counts: readonly UsageCount[]): number => counts.reduce((sum, { requests }) => sum + requests, 0);

/**
 * Request counts that could not be handed to the usage store when the process stopped (the database was out of
 * reach), kept in files of their own in a folder (USAGE_SPOOL_DIR) and handed to the store at the next start, so that
 * no count a client was told of is lost. Several processes share the folder: a file is claimed by renaming it, which
 * only one of them can do.
 */
export class UsageSpool {
  constructor(readonly folder: string) {}

  /** Writes `counts` to a new file, whole (synced, then renamed into place); its path. */
  async keep(counts: readonly UsageCount[]): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const name = `usage-${new Date().toISOString().replace(/:/g, '-')}-${process.pid}-${randomBytes(4).toString('hex')}.json`;
    const temporary = join(this.folder, `.${name}.tmp`);
    const file = await open(temporary, 'wx', 0o600);
    try {
      await file.writeFile(`${JSON.stringify({ usage: counts })}\n`, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
    const path = join(this.folder, name);
    await rename(temporary, path);
    return path;
  }

  /** Hands every spooled file's counts to `store`, one file at a time, removing each file once its counts are stored. */
  async replay(store: UsageStore): Promise<ReplayResult> {
    const names = await readdir(this.folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw new StartupError(`USAGE_SPOOL_DIR ${JSON.stringify(this.folder)}: cannot be read (${error.code})`);
    });
    const result = {
      stored: [] as SpooledFile[],
      kept: [] as (SpooledFile & { error: string })[],
      unreadable: [] as { file: string; error: string }[],
    };
    for (const name of names.filter((entry) => SPOOLED.test(entry)).sort()) {
      const file = join(this.folder, name);
      const claimed = `${file}.claimed-${process.pid}`;
      // Another process starting beside this one took it first.
      if (
        !(await rename(file, claimed).then(
          () => true,
          () => false,
        ))
      )
        continue;
      const counts = parseSpooled(await readFile(claimed, 'utf8'));
      if (typeof counts === 'string') {
        await rename(claimed, file);
        result.unreadable.push({ file, error: counts });
        continue;
      }
      const requests = requestsIn(counts);
      try {
        await store.add(counts);
      } catch (error) {
        await rename(claimed, file);
        result.kept.push({ file, requests, error: String(error) });
        continue;
      }
      await rm(claimed);
      result.stored.push({ file, requests });
    }
    return result;
  }
}

/** The counts of a spooled file, each checked; or what is wrong with it. */
function parseSpooled(text: string): UsageCount[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const usage = (json as { usage?: unknown } | null)?.usage;
  if (!Array.isArray(usage)) return 'expected {"usage": [...]}';
  const counts: UsageCount[] = [];
  for (const [index, item] of usage.entries()) {
    const { client, version, route, day, requests } = (item ?? {}) as Record<string, unknown>;
    const valid =
      typeof client === 'string' &&
      typeof version === 'string' &&
      typeof route === 'string' &&
      typeof day === 'string' &&
      DAY.test(day) &&
      Number.isSafeInteger(requests) &&
      (requests as number) > 0;
    if (!valid) return `usage[${index}] is not a count {client, version, route, day, requests}`;
    counts.push({ client, version, route, day, requests: requests as number });
  }
  return counts;
}
