import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { contractDifferences, type ContractDifference } from './contract-diff.js';
import { CONTRACT_FILE_NAMES, type ContractFile } from './released-contracts.js';

/** Where the released versions' contracts are committed, from the repository's root. */
export const CONTRACTS_DIRECTORY = 'contracts';

/** A difference between a committed contract file and what the code generates, or a file missing on one side. */
export interface ContractProblem extends ContractDifference {
  readonly version: string;
  readonly name: string;
}

/** The contract files committed under `directory`: every version's folder, each of its files that exists. */
export async function frozenContracts(directory: string): Promise<ContractFile[]> {
  const versions = (await readdir(directory, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory());
  const files: ContractFile[] = [];
  for (const { name: version } of versions) {
    for (const name of CONTRACT_FILE_NAMES) {
      const text = await readFile(join(directory, version, name), 'utf8').catch(() => undefined);
      if (text !== undefined) files.push({ version, name, content: JSON.parse(text) as unknown });
    }
  }
  return files;
}

/** Every way the generated contracts differ from the frozen ones, in the generated order, then what only the frozen hold. */
export function compareContracts(frozen: readonly ContractFile[], generated: readonly ContractFile[]): ContractProblem[] {
  const key = ({ version, name }: ContractFile): string => `${version}/${name}`;
  const frozenByKey = new Map(frozen.map((file) => [key(file), file]));
  const generatedKeys = new Set(generated.map(key));
  const problems: ContractProblem[] = [];
  for (const file of generated) {
    const committed = frozenByKey.get(key(file));
    if (committed === undefined) {
      problems.push({ ...whole(file), breaking: false, message: 'no frozen contract: run accept to freeze it' });
    } else {
      problems.push(...contractDifferences(committed.content, file.content).map((difference) => ({ ...whole(file), ...difference })));
    }
  }
  for (const file of frozen.filter((committed) => !generatedKeys.has(key(committed)))) {
    problems.push({ ...whole(file), breaking: true, message: `frozen, but the code no longer publishes it: version ${file.version} is gone` });
  }
  return problems;
}

const whole = ({ version, name }: ContractFile): Omit<ContractProblem, 'breaking' | 'message'> => ({ version, name, pointer: '', keyword: '' });

/** One line per problem: version, file, JSON pointer, keyword, whether it breaks clients, what changed. */
export function problemLine({ version, name, pointer, keyword, breaking, message }: ContractProblem): string {
  const where = pointer === '' ? '(whole file)' : pointer;
  return `${version} ${name} ${where}${keyword === '' ? '' : ` [${keyword}]`} ${breaking ? 'BREAKING' : 'not breaking'}: ${message}`;
}

/** The file's text as committed: pretty-printed JSON in the repository's Prettier format, key order as generated. */
export async function contractText(path: string, content: unknown): Promise<string> {
  return format(JSON.stringify(content, null, 2), { ...(await resolveConfig(path)), filepath: path });
}

/**
 * Rewrites the committed contracts from the generated ones, removing the folders of versions the code no longer
 * publishes; answers the paths written and removed.
 */
export async function writeContracts(directory: string, generated: readonly ContractFile[]): Promise<{ written: string[]; removed: string[] }> {
  const versions = new Set(generated.map(({ version }) => version));
  const removed: string[] = [];
  for (const { version } of await frozenContracts(directory)) {
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
    await writeFile(path, await contractText(path, content));
    written.push(path);
  }
  return { written, removed };
}
