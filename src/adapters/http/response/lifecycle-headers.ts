import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionWithLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import { PerBase } from './per-base.js';

type Headers = Readonly<Record<string, string>>;

/** The changelog entry of the version a request selects (api-routes.ts): with the version's media type, it is that version's entry. */
const CHANGELOG_ENTRY_PATH = '/version/my_version/';

/** RFC 9745's Deprecation: a structured-field Date, `@` and the Unix seconds of midnight UTC starting the date. */
export function deprecationField(date: CalendarDate): string {
  return `@${date.startMs() / 1000}`;
}

/** RFC 9110's IMF-fixdate of midnight UTC starting the date, as RFC 8594's Sunset takes it: `Sun, 01 Nov 2026 00:00:00 GMT`. */
export function httpDate(date: CalendarDate): string {
  return new Date(date.startMs()).toUTCString();
}

/**
 * The target and type of the links that explain a version's deprecation and sunset: the declared page, or else the
 * version's changelog entry, which `/version/my_version/` (below the API's base) answers when asked with that version's
 * media type.
 */
function policyLink(version: Version, lifecycle: VersionLifecycle, base: string): (rel: string) => string {
  if (lifecycle.deprecationLink !== null) return (rel) => `<${lifecycle.deprecationLink}>; rel="${rel}"`;
  return (rel) => `<${base}${CHANGELOG_ENTRY_PATH}>; rel="${rel}"; type="application/json; version=${version.toString()}"`;
}

/** The headers of each deprecated version, by version text, for an API mounted at `base`. */
function headersByVersion(versions: readonly VersionWithLifecycle[], base: string): Map<string, Headers> {
  const byVersion = new Map<string, Headers>();
  for (const { version, lifecycle } of versions) {
    if (lifecycle.deprecated === null) continue;
    const link = policyLink(version, lifecycle, base);
    const headers: Record<string, string> = { Deprecation: deprecationField(lifecycle.deprecated), Link: link('deprecation') };
    if (lifecycle.sunset !== null) {
      headers.Sunset = httpDate(lifecycle.sunset);
      headers.Link = `${headers.Link}, ${link('sunset')}`;
    }
    byVersion.set(version.toString(), Object.freeze(headers));
  }
  return byVersion;
}

/** The headers of each deprecated version (RFC 9745, RFC 8594, RFC 8288), by version text, built once at start (and once per base a mount serves). */
export class LifecycleHeaders {
  readonly #byVersion: Map<string, Headers>;
  readonly #atBase: PerBase<Map<string, Headers>>;

  constructor(versions: readonly VersionWithLifecycle[]) {
    this.#byVersion = headersByVersion(versions, '');
    this.#atBase = new PerBase((base) => headersByVersion(versions, base));
  }

  /**
   * Adds to `headers`, those of a response served at `version`, the version's lifecycle headers when it is deprecated;
   * the response's own Link relations (a list's next and prev) come first in the one Link field. `base`: where the API
   * is mounted ('' at the root).
   */
  addInto(headers: Record<string, string | number>, version: Version | undefined, base = ''): void {
    if (version === undefined) return;
    const own = (base === '' ? this.#byVersion : this.#atBase.of(base)).get(version.toString());
    if (own === undefined) return;
    const link = headers.Link;
    Object.assign(headers, own);
    if (link !== undefined) headers.Link = `${link}, ${own.Link as string}`;
  }
}
