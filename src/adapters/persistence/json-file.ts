import { open } from 'node:fs/promises';
import { jsonSyntaxError } from './json-syntax-error.js';
import { StartupError } from '../../domain/errors/startup-error.js';

const BYTE_ORDER_MARK = '\uFEFF';

/** How large a file of a kind may be, and its name for the message that refuses a larger one ("a data file"). */
export interface JsonFileKind {
  readonly maxBytes: number;
  readonly noun: string;
}

/**
 * The JSON value in the file at `path` (a byte-order mark allowed); with `missingIsUndefined`, undefined when there is
 * no file there. Throws StartupError starting with `source`: unreadable, not a regular file, too large, or not JSON
 * (said with its line and column).
 */
export async function readJsonFile(source: string, path: string, { maxBytes, noun }: JsonFileKind, missingIsUndefined = false): Promise<unknown> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' && missingIsUndefined) return undefined;
    throw new StartupError(`${source}: cannot be read (${code})`);
  }
  let text: string;
  try {
    const stats = await file.stat();
    if (!stats.isFile()) throw new StartupError(`${source}: is not a regular file`);
    if (stats.size > maxBytes) throw new StartupError(`${source}: is ${stats.size} bytes, more than the ${maxBytes} ${noun} may have`);
    text = await file.readFile('utf8');
  } finally {
    await file.close();
  }
  const json = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new StartupError(`${source}: is not valid JSON: ${jsonSyntaxError(json)}`);
  }
}
