import { parseArgs } from 'node:util';
import { ClientCommandError } from './application/clients/manage-clients.js';
import { REPORT_DAYS } from './application/clients/usage-reports.js';
import { quoteShortened } from './domain/errors/quote-shortened.js';

/** Each subcommand's synopsis, as the usage lines show it. */
export const SYNOPSES = {
  create: 'create NAME [--version V]',
  list: 'list [--json]',
  pin: 'pin NAME V',
  revoke: 'revoke NAME',
  report: 'report [--version V] [--days N] [--json]',
  upgrade: 'upgrade NAME --to V [--json]',
} as const;
export type Subcommand = keyof typeof SYNOPSES;
const OPERANDS: Readonly<Record<Subcommand, readonly string[]>> = {
  create: ['NAME'],
  list: [],
  pin: ['NAME', 'V'],
  revoke: ['NAME'],
  report: [],
  upgrade: ['NAME'],
};
/** Every option, for node's parseArgs; which subcommand takes which is OPTIONS'. */
const OPTION_TYPES = {
  version: { type: 'string' },
  days: { type: 'string' },
  to: { type: 'string' },
  json: { type: 'boolean' },
} as const;
type Option = keyof typeof OPTION_TYPES;
const OPTIONS: Readonly<Record<Subcommand, readonly Option[]>> = {
  create: ['version'],
  list: ['json'],
  pin: [],
  revoke: [],
  report: ['version', 'days', 'json'],
  upgrade: ['to', 'json'],
};
/** The longest report: about ten years of days. */
const MAX_REPORT_DAYS = 3650;

/** A command line of the clients command, read. */
export interface ClientsRequest {
  readonly subcommand: Subcommand;
  /** Empty for list. */
  readonly name: string;
  readonly version: string | undefined;
  readonly json: boolean;
  readonly days: number;
  /** upgrade's target. */
  readonly to: string;
}

/** The command line read, or a ClientCommandError thrown naming what is wrong, with the usage of `command`. */
export function parseRequest(args: readonly string[], command: string): ClientsRequest {
  const [subcommand = '', ...rest] = args;
  if (!Object.hasOwn(SYNOPSES, subcommand)) {
    const problem = subcommand === '' ? 'no subcommand' : `unknown subcommand ${quoteShortened(subcommand)}`;
    throw new ClientCommandError(`${problem}; usage: ${command} ${Object.values(SYNOPSES).join(' | ')} (--help says more)`);
  }
  const known = subcommand as Subcommand;
  const usage = (problem: string) => new ClientCommandError(`${problem}; usage: ${command} ${SYNOPSES[known]}`);
  // Not strict: an option of another subcommand, or one without its value, is named here rather than in node's words.
  const { tokens } = parseArgs({ args: [...rest], options: OPTION_TYPES, allowPositionals: true, strict: false, tokens: true });
  const operands: string[] = [];
  const values: { [O in Option]?: string } = {};
  for (const token of tokens) {
    if (token.kind === 'positional') operands.push(token.value);
    else if (token.kind === 'option') {
      if (!(OPTIONS[known] as readonly string[]).includes(token.name)) throw usage(`${known} takes no option ${quoteShortened(token.rawName)}`);
      values[token.name as Option] = token.value ?? '';
    }
  }
  const expected = OPERANDS[known];
  if (operands.length < expected.length) throw usage(`${known} needs ${expected.slice(operands.length).join(' and ')}`);
  if (operands.length > expected.length) throw usage(`unexpected ${quoteShortened(operands[expected.length] as string)}`);
  if (values.version === '') throw usage('--version needs a version X.Y.Z');
  if (known === 'upgrade' && (values.to ?? '') === '') throw usage('upgrade needs --to V, the version the pin would move to');
  const days = values.days === undefined ? REPORT_DAYS : Number(values.days);
  if (values.days !== undefined && (!/^[1-9]\d*$/.test(values.days) || days > MAX_REPORT_DAYS)) {
    throw usage(`--days needs a whole number of days from 1 to ${MAX_REPORT_DAYS}`);
  }
  return {
    subcommand: known,
    name: operands[0] ?? '',
    version: operands[1] ?? values.version,
    json: 'json' in values,
    days,
    to: values.to ?? '',
  };
}
