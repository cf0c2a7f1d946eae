import { linkOf, parseLinks, type Link } from './link-relations.js';

/** What an answer said of its version's end: when (RFC 9745's Deprecation, or RFC 8594's Sunset) and the page explaining it. */
export interface LifecycleNotice {
  readonly version: string;
  /** The deprecation date (it may lie ahead: "will be deprecated"), or the sunset date, from which the version answers 410. */
  readonly date: Date;
  /** The link of relation `deprecation` or `sunset`, absolute, or null when the answer gave none. */
  readonly link: string | null;
}

export type LifecycleHook = (notice: LifecycleNotice) => void;

/** The two notices, each with its header, its link relation and the words of its console warning. */
const KINDS = [
  { kind: 'deprecation', header: 'Deprecation', read: deprecationDate, says: 'is deprecated as of' },
  { kind: 'sunset', header: 'Sunset', read: sunsetDate, says: 'is retired (answers 410) from' },
] as const;
export type NoticeKind = (typeof KINDS)[number]['kind'];

/** The notices given in this process, by API, version and kind: each is given once. */
const given = new Set<string>();

/** RFC 9745's Deprecation, a structured-field Date (`@` and Unix seconds), or undefined when it does not parse. */
export function deprecationDate(field: string): Date | undefined {
  const seconds = /^@(-?\d{1,15})$/.exec(field.trim())?.[1];
  return seconds === undefined ? undefined : new Date(Number(seconds) * 1000);
}

/** RFC 8594's Sunset, an HTTP-date, or undefined when it does not parse. */
export function sunsetDate(field: string): Date | undefined {
  const ms = Date.parse(field);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** `YYYY-MM-DD` of a date, UTC. */
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * Reads an answer's Deprecation, Sunset and Link, and gives each notice once per API (`baseUrl`), version and
 * process: to its hook, or else in one console warning for all the notices of that answer that have no hook.
 */
export function announceLifecycle(response: Response, baseUrl: string, version: string, hooks: Partial<Record<NoticeKind, LifecycleHook>>): void {
  const warnings: string[] = [];
  let links: Link[] | undefined;
  for (const { kind, header, read, says } of KINDS) {
    const field = response.headers.get(header);
    const date = field === null ? undefined : read(field);
    const key = `${kind} ${baseUrl} ${version}`;
    if (date === undefined || given.has(key)) continue;
    given.add(key);
    links ??= parseLinks(response.headers.get('Link') ?? '', response.url === '' ? baseUrl : response.url);
    const notice: LifecycleNotice = { version, date, link: linkOf(links, kind) };
    const hook = hooks[kind];
    if (hook !== undefined) hook(notice);
    else warnings.push(`${says} ${dayOf(date)}${notice.link === null ? '' : ` (${notice.link})`}`);
  }
  if (warnings.length > 0) console.warn(`version-aware-api-client: API version ${version} at ${baseUrl} ${warnings.join(', and ')}.`);
}
