import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionWithLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import { PerBase } from './per-base.js';
import { changelogEntryPath, DEFAULT_ENDPOINTS } from '../routing/endpoints.js';

type Headers = Readonly<Record<string, string>>;

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
 * version's changelog entry, which `/version/my_version/` (below the API's base, and where the changelog is placed)
 * answers when asked with that version's media type; none when the changelog is left out.
 */
function policyLink(version: Version, lifecycle: VersionLifecycle, base: string, changelog: string | false): ((rel: string) => string) | undefined {
  if (lifecycle.deprecationLink !== null) return (rel) => `<${lifecycle.deprecationLink}>; rel="${rel}"`;
  if (changelog === false) return undefined;
  const entry = changelogEntryPath(changelog);
  return (rel) => `<${base}${entry}>; rel="${rel}"; type="application/json; version=${version.toString()}"`;
}

/** The headers of each deprecated version, by version text, for an API mounted at `base`. */
function headersByVersion(versions: readonly VersionWithLifecycle[], base: string, changelog: string | false): Map<string, Headers> {
  const byVersion = new Map<string, Headers>();
  for (const { version, lifecycle } of versions) {
    if (lifecycle.deprecated === null) continue;
    const link = policyLink(version, lifecycle, base, changelog);
    const headers: Record<string, string> = { Deprecation: deprecationField(lifecycle.deprecated) };
    if (link !== undefined) headers.Link = link('deprecation');
    if (lifecycle.sunset !== null) {
      headers.Sunset = httpDate(lifecycle.sunset);
      if (link !== undefined) headers.Link = `${headers.Link as string}, ${link('sunset')}`;
    }
    byVersion.set(version.toString(), Object.freeze(headers));
  }
  return byVersion;
}

/** The headers of each deprecated version (RFC 9745, RFC 8594, RFC 8288), by version text, built once at start (and once per base a mount serves). */
export class LifecycleHeaders {
  readonly #byVersion: Map<string, Headers>;
  readonly #atBase: PerBase<Map<string, Headers>>;

  /** `changelog`: where the changelog is placed, whose entries the links name when no page is declared; false when it is left out. */
  constructor(versions: readonly VersionWithLifecycle[], changelog: string | false = DEFAULT_ENDPOINTS.changelog) {
    this.#byVersion = headersByVersion(versions, '', changelog);
    this.#atBase = new PerBase((base) => headersByVersion(versions, base, changelog));
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
    // A version with no policy link (the changelog left out) keeps the response's own Link as it is.
    if (link !== undefined && own.Link !== undefined) headers.Link = `${link}, ${own.Link}`;
  }
}
