import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiDefinition } from '../api-definition.js';
import { ApiModuleError } from './refusals.js';

/**
 * What the module at `modulePath` (from the working directory) exports as `exportName`: what defineApi gives, or
 * ApiModuleError naming the module and the export. An error of its loading (not found, a wrong declaration) is thrown as is.
 */
export async function loadApi(modulePath: string, exportName: string): Promise<ApiDefinition> {
  const module = (await import(pathToFileURL(resolve(modulePath)).href)) as Record<string, unknown>;
  const api = module[exportName] as { collections?: unknown; model?: unknown } | undefined;
  if (typeof api !== 'object' || api === null || !Array.isArray(api.collections) || typeof api.model !== 'function') {
    throw new ApiModuleError(`${modulePath} exports no API as ${exportName}: export what defineApi gives`);
  }
  return api as ApiDefinition;
}

/** The `--api MODULE` and `--export NAME` of a command line, wherever they are, and the words left for the command. */
export interface ApiOptions {
  readonly api: string | undefined;
  readonly exportName: string;
  readonly words: readonly string[];
}

const VALUES = { api: 'MODULE', export: 'NAME' } as const;

/** Takes `--api MODULE` (or `--api=MODULE`) and `--export NAME` out of `args`; what is wrong with them otherwise. */
export function takeApiOptions(args: readonly string[]): ApiOptions | { readonly problem: string } {
  const found: { api?: string; export?: string } = {};
  const words: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const option = /^--(api|export)(?:=(.*))?$/s.exec(args[index] as string);
    if (option === null) {
      words.push(args[index] as string);
      continue;
    }
    const name = option[1] as keyof typeof VALUES;
    const value = option[2] ?? args[(index += 1)];
    if (value === undefined || value === '') return { problem: `--${name} needs ${VALUES[name]}` };
    if (found[name] !== undefined) return { problem: `--${name} given twice` };
    found[name] = value;
  }
  return { api: found.api, exportName: found.export ?? 'default', words };
}
