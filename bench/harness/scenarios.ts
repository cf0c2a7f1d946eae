/** What a scenario's ratio to the bare server is held to (the targets). */
export type Target = 'detail' | 'list' | 'postgres' | 'mount' | 'none';

/** The PostgreSQL scenarios: a dog, the first page, and a deep page reached by following `Link: next`. */
export type PostgresKind = 'detail' | 'first page' | 'deep page by Link next';

/** One request the bench repeats under load, and the status it must answer with. */
export interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly accept: string;
  /** Further request headers sent with it every time (Authorization: Bearer <key>), lowercased names. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly status: number;
  readonly target: Target;
  /** For the page-cost check: the collection size and which page. */
  readonly page?: { readonly size: number; readonly depth: 'first' | 'deep' };
  /** Asked with If-None-Match naming the ETag of its own 200 (read once from the service), so answered 304. */
  readonly revalidated?: true;
  /** For a PostgreSQL scenario: which kind, and the page whose `Link: next` the path must be. */
  readonly postgres?: { readonly kind: PostgresKind; readonly nextOf?: string };
}

/** Every scenario runs against a service holding `size` dogs. */
export interface ScenarioGroup {
  readonly size: number;
  readonly scenarios: readonly Scenario[];
}

export const REFERENCE_SIZE = 1_000;

const accept = (version: string): string => `application/json; version=${version}`;

/**
 * The scenarios of the issue. The reference history downgrades a 5.0.0 dog with 0 transforms, a 3.0.0
 * one with 1 (4.0.0's), a 2.1.0 one with 2 and a 2.0.0 one with 3; 2.0.0 is added so the longest
 * cascade is measured too.
 */
export const REFERENCE_SCENARIOS: readonly Scenario[] = [
  { name: 'dog detail 5.0.0 (no transform)', path: '/doggies/1/', accept: accept('5.0.0'), status: 200, target: 'detail' },
  { name: 'dog detail 3.0.0 (1 transform)', path: '/doggies/1/', accept: accept('3.0.0'), status: 200, target: 'detail' },
  { name: 'dog detail 2.1.0 (2 transforms)', path: '/doggies/1/', accept: accept('2.1.0'), status: 200, target: 'detail' },
  { name: 'dog detail 2.0.0 (3 transforms)', path: '/doggies/1/', accept: accept('2.0.0'), status: 200, target: 'detail' },
  { name: 'dog detail 5.0.0, 304 (If-None-Match)', path: '/doggies/1/', accept: accept('5.0.0'), status: 304, target: 'none', revalidated: true },
  { name: 'dog list, page of 100 at 2.1.0', path: '/doggies/', accept: accept('2.1.0'), status: 200, target: 'list' },
  { name: 'changelog /version/', path: '/version/', accept: accept('5.0.0'), status: 200, target: 'none' },
  { name: '406 bad version 9.9.9', path: '/doggies/1/', accept: accept('9.9.9'), status: 406, target: 'none' },
  { name: '404 hidden action (detail at 1.0.0)', path: '/doggies/1/', accept: accept('1.0.0'), status: 404, target: 'none' },
];

/** A first and a deep page of 100 at 2.1.0 of a collection of `size` dogs. */
export function pageScenarios(size: number): Scenario[] {
  const deepOffset = Math.max(0, size - 100);
  return [
    {
      name: `dog list 2.1.0, ${exponent(size)} dogs, first page`,
      path: '/doggies/?limit=100&offset=0',
      accept: accept('2.1.0'),
      status: 200,
      target: 'list',
      page: { size, depth: 'first' },
    },
    {
      name: `dog list 2.1.0, ${exponent(size)} dogs, page at ${deepOffset}`,
      path: `/doggies/?limit=100&offset=${deepOffset}`,
      accept: accept('2.1.0'),
      status: 200,
      target: 'list',
      page: { size, depth: 'deep' },
    },
  ];
}

/** The PostgreSQL scenarios of a collection of `size` dogs (ids 1 to size), at 2.1.0. */
export function postgresScenarios(size: number): Scenario[] {
  const deep = Math.max(0, size - 300);
  const base = { accept: accept('2.1.0'), status: 200, target: 'postgres' } as const;
  return [
    { ...base, name: `PG ${exponent(size)} dogs: dog detail 2.1.0`, path: '/doggies/7/', postgres: { kind: 'detail' } },
    { ...base, name: `PG ${exponent(size)} dogs: first page of 100`, path: '/doggies/?limit=100', postgres: { kind: 'first page' } },
    {
      ...base,
      name: `PG ${exponent(size)} dogs: page of 100 by Link next from offset ${deep}`,
      path: `/doggies/?limit=100&starting_after=${deep + 100}`,
      postgres: { kind: 'deep page by Link next', nextOf: `/doggies/?limit=100&offset=${deep}` },
    },
  ];
}

/** The groups of a run: the reference scenarios with REFERENCE_SIZE dogs, then the pages of each size. */
export function scenarioGroups(sizes: readonly number[]): ScenarioGroup[] {
  const all = [...new Set([REFERENCE_SIZE, ...sizes])].sort((a, b) => a - b);
  return all.map((size) => ({
    size,
    scenarios: [...(size === REFERENCE_SIZE ? REFERENCE_SCENARIOS : []), ...(sizes.includes(size) ? pageScenarios(size) : [])],
  }));
}

/** The scenarios whose name holds one of `filters` (any case); all of them when there is no filter. */
export function selected(scenarios: readonly Scenario[], filters: readonly string[]): Scenario[] {
  if (filters.length === 0) return [...scenarios];
  const wanted = filters.map((filter) => filter.toLowerCase());
  return scenarios.filter((scenario) => wanted.some((filter) => scenario.name.toLowerCase().includes(filter)));
}

/** `10^6` for 1000000, the plain number otherwise. */
export function exponent(size: number): string {
  const power = Math.log10(size);
  return Number.isInteger(power) ? `10^${power}` : String(size);
}
