import { setTimeout as delay } from 'node:timers/promises';
import { lock } from 'proper-lockfile';
import { StartupError } from '../../domain/errors/startup-error.js';

/** How often a change tries the lock another process holds: a command takes well under a second, so about 15 s in all. */
const ATTEMPTS = 60;
const FIRST_WAIT_MS = 20;
const LONGEST_WAIT_MS = 500;

/**
 * Takes the exclusive lock on the file at `path` (a folder `<path>.lock` beside it, proper-lockfile's, which works for
 * any process on any machine that sees the file): a read-modify-write of the file by two processes at once would keep
 * only one's change. A lock left by a process that died is taken over once it is 10 s old. Resolves with the release;
 * throws StartupError starting with `source` when the lock stays held through `attempts` tries, or cannot be made.
 */
export async function lockForChange(path: string, source: string, attempts: number = ATTEMPTS): Promise<() => Promise<void>> {
  let attempt = 0;
  let release: (() => Promise<void>) | undefined;
  while (release === undefined) {
    attempt += 1;
    release = await lock(path, { realpath: false }).catch((error: NodeJS.ErrnoException) => {
      // The lock is a folder beside the file: what stops it (a missing folder, no permission) stops the write too.
      if (error.code !== 'ELOCKED') throw new StartupError(`${source}: cannot be written (${error.code})`);
      if (attempt >= attempts) {
        throw new StartupError(`${source}: another process is changing it (its lock ${JSON.stringify(`${path}.lock`)} is held); try again`);
      }
      return undefined;
    });
    if (release === undefined) await delay(Math.min(FIRST_WAIT_MS * 1.3 ** attempt, LONGEST_WAIT_MS));
  }
  return release;
}
