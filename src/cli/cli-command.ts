import type { Environment } from '../adapters/config/settings.js';
import type { ServiceOutput } from '../composition/service-output.js';
import { StartupError } from '../domain/errors/startup-error.js';
import { loadApi, takeApiOptions } from './api-module.js';
import { ApiModuleError, CommandLineError, USAGE_EXIT_CODE } from './refusals.js';

const PROGRAM = 'version-aware-api';
const API = '--api MODULE [--export NAME]';
const SYNOPSES = {
  contracts: `contracts check|accept ${API} [--dir DIR]`,
  clients: `clients ${API} create|list|pin|revoke|report|upgrade …`,
  'load-data': `load-data ${API} FILE|--sample`,
} as const;
type Command = keyof typeof SYNOPSES;
const USAGE = `usage: ${Object.values(SYNOPSES)
  .map((synopsis) => `${PROGRAM} ${synopsis}`)
  .join('\n       ')}\n       ${PROGRAM} --help`;

/** `version-aware-api --help`. */
export const HELP = `${USAGE}

The tools of version-aware-api for an API of your own, the module that exports it (what defineApi gives) named by
--api, its export by --export (default: default):

contracts    freeze each released version's OpenAPI document and changelog entry in DIR (default: contracts), and
             check the code against them: exit 1 on any difference, one line each
clients      the API clients, their keys and pinned versions (CLIENTS_FILE, or STORAGE=postgres and DATABASE_URL)
load-data    a data file of the API's collections, or its sample, into its tables (STORAGE=postgres, DATABASE_URL)

\`${PROGRAM} COMMAND --help\` says more of each. It exits 0 once done, 2 for a command line it cannot read (with the
usage), 1 for any other refusal (one line on stderr).`;

/**
 * `version-aware-api COMMAND …`, the package's program: its arguments, its settings (the environment) and where it
 * writes; resolves with the exit code. A refusal (a command line, a module, a declaration) is said on stderr; any other
 * failure is thrown.
 */
export async function versionAwareApi(args: readonly string[], env: Environment, output: ServiceOutput): Promise<number> {
  const [command = '', ...rest] = args;
  try {
    if (command === '--help' || command === '-h') {
      output.stdout(HELP);
      return 0;
    }
    if (!Object.hasOwn(SYNOPSES, command)) {
      throw new CommandLineError(command === '' ? 'no command' : `unknown command ${JSON.stringify(command)}`, USAGE);
    }
    return await run(command as Command, rest, env, output);
  } catch (error) {
    if (error instanceof CommandLineError) {
      output.stderr(`${PROGRAM}: ${error.message}`);
      output.stderr(error.usage);
      return USAGE_EXIT_CODE;
    }
    if (!(error instanceof ApiModuleError || error instanceof StartupError || (error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND')) {
      throw error;
    }
    output.stderr(`${PROGRAM} ${command}: ${(error as Error).message}`);
    return 1;
  }
}

async function run(command: Command, args: readonly string[], env: Environment, output: ServiceOutput): Promise<number> {
  // Each command's code is loaded once it is chosen: a refused command line loads none, contracts not the clients' storage.
  if (command === 'contracts') {
    const { contractsCommand } = await import('./contracts-command.js');
    return contractsCommand(args, output);
  }
  const options = takeApiOptions(args);
  const usage = `usage: ${PROGRAM} ${SYNOPSES[command]}`;
  if ('problem' in options) throw new CommandLineError(options.problem, usage);
  const named = `${PROGRAM} ${command} ${API}`;
  // --help needs no API: it says what the command takes; with one, the command says it of that API (its routes, its collections).
  if ((options.words.includes('--help') || options.words.includes('-h')) && options.api === undefined) {
    const help = command === 'clients' ? (await import('../clients-command.js')).clientsHelp : (await import('../load-data-command.js')).loadDataHelp;
    output.stdout(help(named));
    return 0;
  }
  if (options.api === undefined) throw new CommandLineError('--api MODULE names the module that exports your API', usage);
  const api = await loadApi(options.api, options.exportName);
  if (command === 'clients') {
    const [{ clientsCommand }, { openRepository }] = await Promise.all([import('../clients-command.js'), import('../run-clients.js')]);
    return clientsCommand(options.words, env, output, openRepository, api, { command: named });
  }
  const { loadDataCommand } = await import('../load-data-command.js');
  return loadDataCommand(options.words, env, output, api, named);
}
