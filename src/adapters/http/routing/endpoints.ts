import { StartupError } from '../../../domain/errors/startup-error.js';

/**
 * Where the layer's own endpoints are served, each a path or `false` (left out). `docs`, `changelog` and `clients`
 * are folders: the docs page's scripts, the changelog's entry (`my_version/`) and a client's `version`, `usage/` and
 * `upgrade` are below them.
 */
export interface Endpoints {
  /** Each version's OpenAPI document: `/openapi.json`. */
  readonly openapi: string | false;
  /** The docs page and its scripts: `/docs/`. */
  readonly docs: string | false;
  /** The changelog, and the entry of the request's version below it: `/version/`, `/version/my_version/`. */
  readonly changelog: string | false;
  /** The API catalog (RFC 9727), which links the documents: `/.well-known/api-catalog`; left out with them. */
  readonly catalog: string | false;
  /** For load balancers: `/health/`. */
  readonly health: string | false;
  /** A client's self-service: `/client/`, `/client/version`, `/client/usage/`, `/client/upgrade`. */
  readonly clients: string | false;
}

/** Where `runApi` and the reference serve them. */
export const DEFAULT_ENDPOINTS: Endpoints = Object.freeze({
  openapi: '/openapi.json',
  docs: '/docs/',
  changelog: '/version/',
  catalog: '/.well-known/api-catalog',
  health: '/health/',
  clients: '/client/',
});

/** The token the composition root binds an API's Endpoints to. */
export const ENDPOINTS = Symbol.for('Endpoints');

const FOLDERS = new Set<keyof Endpoints>(['docs', 'changelog', 'clients']);
/** One or more segments, none of them a route parameter (`:id`, `{id}`), a query or a fragment. */
const PATH = /^(\/[A-Za-z0-9._~!$&'()*+,;=@%-]+)+\/?$/;

/** The changelog entry of the request's version, below the changelog. */
export const changelogEntryPath = (changelog: string): string => `${changelog}my_version/`;

/** A client's paths below `clients`: its state, its pin change, its usage and its upgrade report. */
export function clientPaths(clients: string): { readonly state: string; readonly version: string; readonly usage: string; readonly upgrade: string } {
  return { state: clients, version: `${clients}version`, usage: `${clients}usage/`, upgrade: `${clients}upgrade` };
}

/** Every path an endpoint answers (the docs page's scripts aside), by endpoint. */
function pathsOf(endpoints: Endpoints): [keyof Endpoints, string][] {
  const paths: [keyof Endpoints, string][] = [];
  for (const [name, path] of Object.entries(endpoints) as [keyof Endpoints, string | false][]) {
    if (path === false) continue;
    if (name === 'changelog') paths.push([name, path], [name, changelogEntryPath(path)]);
    else if (name === 'clients') paths.push(...Object.values(clientPaths(path)).map((own): [keyof Endpoints, string] => [name, own]));
    else paths.push([name, path]);
  }
  return paths;
}

/** Whether a route's pattern (`/books/:id/`, `/invoices/{id}/pay`) answers the path. */
function answers(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => segment === given[index] || (/^(:\w+|\{[^{}/]+\})$/.test(segment) && given[index] !== ''))
  );
}

/**
 * The endpoints an API declares, over the defaults (the catalog left out with the documents unless placed): a
 * malformed path, an unknown endpoint, two endpoints at one path, or one on a path of `patterns` (the collections'
 * and operations') refuses the start, naming each.
 */
export function endpointsOf(declared: Partial<Endpoints> | undefined, patterns: readonly string[]): Endpoints {
  // A JavaScript declaration has no types to catch a wrong name or value.
  const given = (declared ?? {}) as Readonly<Record<string, unknown>>;
  const problems: string[] = [];
  for (const name of Object.keys(given)) {
    if (!(name in DEFAULT_ENDPOINTS))
      problems.push(`endpoints.${name} is not one of the layer's endpoints (${Object.keys(DEFAULT_ENDPOINTS).join(', ')})`);
  }
  const chosen: Record<string, string | false> = {};
  for (const name of Object.keys(DEFAULT_ENDPOINTS) as (keyof Endpoints)[]) {
    const value = name in given ? given[name] : name === 'catalog' && given.openapi === false ? false : DEFAULT_ENDPOINTS[name];
    chosen[name] = DEFAULT_ENDPOINTS[name];
    if (value === false) chosen[name] = false;
    else if (typeof value !== 'string' || !PATH.test(value) || (FOLDERS.has(name) && !value.endsWith('/')))
      problems.push(
        `endpoints.${name} ${JSON.stringify(value)} is not a path such as ${JSON.stringify(DEFAULT_ENDPOINTS[name])}` +
          `${FOLDERS.has(name) ? ' (a folder: it ends with /)' : ''}, nor false to leave it out`,
      );
    else chosen[name] = value;
  }
  const endpoints = chosen as unknown as Endpoints;
  if (endpoints.openapi === false && endpoints.catalog !== false)
    problems.push('endpoints.catalog links the OpenAPI documents, which are left out (openapi: false): leave it out too (catalog: false)');
  const byPath = new Map<string, keyof Endpoints>();
  for (const [name, path] of pathsOf(endpoints)) {
    const other = byPath.get(path);
    if (other !== undefined) problems.push(`endpoints.${name} and endpoints.${other} are both at ${path}; place them apart`);
    byPath.set(path, name);
    const pattern = patterns.find((candidate) => answers(candidate, path));
    if (pattern !== undefined) problems.push(`endpoints.${name} is at ${path}, which the API's ${pattern} answers; place it elsewhere`);
  }
  if (problems.length > 0) throw new StartupError(problems.join('; '));
  return Object.freeze(endpoints);
}
