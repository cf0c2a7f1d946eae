import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contractDifferences, type ContractDifference } from './contract-diff.js';

/** One file of a released version's contract: `<directory>/<version>/<name>`. */
export interface ContractFile {
  readonly version: string;
  readonly name: string;
  readonly content: unknown;
}

/** Where the released versions' contracts are committed, from the project's root. */
export const CONTRACTS_DIRECTORY = 'contracts';

/** A difference between a committed contract file and what the code generates, or a file missing on one side. */
export interface ContractProblem extends ContractDifference {
  readonly version: string;
  readonly name: string;
}

/** The contract files committed under `directory`: every version's folder, each of its files (of `names`) that exists. */
export async function frozenContracts(directory: string, names: readonly string[]): Promise<ContractFile[]> {
  const versions = (await readdir(directory, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory());
  const files: ContractFile[] = [];
  for (const { name: version } of versions) {
    for (const name of names) {
      const text = await readFile(join(directory, version, name), 'utf8').catch(() => undefined);
      if (text !== undefined) files.push({ version, name, content: JSON.parse(text) as unknown });
    }
  }
  return files;
}

/**
 * Every way the generated contracts differ from the frozen ones, in the generated order, then what only the frozen hold;
 * a version missing on one side is one problem, not one per file.
 */
export function compareContracts(frozen: readonly ContractFile[], generated: readonly ContractFile[]): ContractProblem[] {
  const key = ({ version, name }: ContractFile): string => `${version}/${name}`;
  const frozenByKey = new Map(frozen.map((file) => [key(file), file]));
  const frozenVersions = new Set(frozen.map(({ version }) => version));
  const generatedVersions = new Set(generated.map(({ version }) => version));
  const problems: ContractProblem[] = [];
  const reported = new Set<string>();
  for (const file of generated) {
    const committed = frozenByKey.get(key(file));
    if (!frozenVersions.has(file.version)) {
      if (!reported.has(file.version)) problems.push({ ...whole(file.version, ALL_FILES), breaking: false, message: UNFROZEN });
      reported.add(file.version);
    } else if (committed === undefined) {
      problems.push({ ...whole(file.version, file.name), breaking: false, message: UNFROZEN });
    } else {
      problems.push(
        ...contractDifferences(committed.content, file.content).map((difference) => ({ ...whole(file.version, file.name), ...difference })),
      );
    }
  }
  const generatedKeys = new Set(generated.map(key));
  for (const file of frozen.filter((committed) => !generatedKeys.has(key(committed)))) {
    const versionGone = !generatedVersions.has(file.version);
    if (versionGone && reported.has(file.version)) continue;
    reported.add(file.version);
    problems.push({
      ...whole(file.version, versionGone ? ALL_FILES : file.name),
      breaking: true,
      message: versionGone ? `frozen, but the code no longer publishes version ${file.version}` : 'frozen, but the code no longer publishes it',
    });
  }
  return problems;
}

const UNFROZEN = 'no frozen contract: run accept to freeze it';
const ALL_FILES = '(all files)';
const whole = (version: string, name: string): Omit<ContractProblem, 'breaking' | 'message'> => ({ version, name, pointer: '', keyword: '' });

/**
 * One line per problem: version, file, JSON pointer (and, for a value a `$ref` names, where it is declared, as a `$ref`
 * would name it, and how many of its uses differ so), keyword, whether it breaks clients, what changed.
 */
export function problemLine({ version, name, pointer, declared, uses, keyword, breaking, message }: ContractProblem): string {
  const where = pointer === '' ? '(whole file)' : pointer;
  const declaration = declared === undefined ? '' : ` (declared at #${declared}${uses === undefined ? '' : `, ${uses} uses`})`;
  return `${version} ${name} ${where}${declaration}${keyword === '' ? '' : ` [${keyword}]`} ${breaking ? 'BREAKING' : 'not breaking'}: ${message}`;
}

/** The JSON printer contract files are written with, when the project has it. */
export const PRINTER_MODULE = 'prettier';

interface Printer {
  resolveConfig(path: string): Promise<object | null>;
  format(text: string, options: object): Promise<string>;
}

/**
 * A contract file's text: JSON, key order as generated. When the project has Prettier (`printerModule`), as its settings
 * for CONTRACTS_DIRECTORY print it (wherever the file is written), so that `prettier --check` keeps it as it is;
 * otherwise indented by two spaces. `check` compares values, so either reads back the same.
 */
export async function contractText(content: unknown, printerModule: string = PRINTER_MODULE): Promise<string> {
  const text = JSON.stringify(content, null, 2);
  const printer = (await import(printerModule).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  })) as Printer | undefined;
  if (printer === undefined) return `${text}\n`;
  const settings = await printer.resolveConfig(resolve(CONTRACTS_DIRECTORY, 'contract.json'));
  return printer.format(text, { ...settings, parser: 'json' });
}

/**
 * Rewrites the committed contracts from the generated ones, removing the folders of versions the code no longer
 * publishes; answers the paths written and removed.
 */
export async function writeContracts(
  directory: string,
  generated: readonly ContractFile[],
  names: readonly string[],
): Promise<{ written: string[]; removed: string[] }> {
  const versions = new Set(generated.map(({ version }) => version));
  const removed: string[] = [];
  for (const { version } of await frozenContracts(directory, names)) {
    const folder = join(directory, version);
    if (!versions.has(version) && !removed.includes(folder)) {
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
    }
  }
  const written: string[] = [];
  for (const { version, name, content } of generated) {
    const path = join(directory, version, name);
    await mkdir(join(directory, version), { recursive: true });
    await writeFile(path, await contractText(content));
    written.push(path);
  }
  return { written, removed };
}
