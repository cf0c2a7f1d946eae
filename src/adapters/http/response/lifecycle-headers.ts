import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionWithLifecycle } from '../../../domain/versioning/version-lifecycle.js';

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
 * version's changelog entry, which `/version/my_version/` answers when asked with that version's media type.
 */
function policyLink(version: Version, lifecycle: VersionLifecycle): (rel: string) => string {
  if (lifecycle.deprecationLink !== null) return (rel) => `<${lifecycle.deprecationLink}>; rel="${rel}"`;
  return (rel) => `<${CHANGELOG_ENTRY_PATH}>; rel="${rel}"; type="application/json; version=${version.toString()}"`;
}

/** The headers of each deprecated version (RFC 9745, RFC 8594, RFC 8288), by version text, built once at start. */
export class LifecycleHeaders {
  readonly #byVersion = new Map<string, Headers>();

  constructor(versions: readonly VersionWithLifecycle[]) {
    for (const { version, lifecycle } of versions) {
      if (lifecycle.deprecated === null) continue;
      const link = policyLink(version, lifecycle);
      const headers: Record<string, string> = { Deprecation: deprecationField(lifecycle.deprecated), Link: link('deprecation') };
      if (lifecycle.sunset !== null) {
        headers.Sunset = httpDate(lifecycle.sunset);
        headers.Link = `${headers.Link}, ${link('sunset')}`;
      }
      this.#byVersion.set(version.toString(), Object.freeze(headers));
    }
  }

  /**
   * Adds to `headers`, those of a response served at `version`, the version's lifecycle headers when it is deprecated;
   * the response's own Link relations (a list's next and prev) come first in the one Link field.
   */
  addInto(headers: Record<string, string | number>, version: Version | undefined): void {
    if (version === undefined) return;
    const own = this.#byVersion.get(version.toString());
    if (own === undefined) return;
    const link = headers.Link;
    Object.assign(headers, own);
    if (link !== undefined) headers.Link = `${link}, ${own.Link as string}`;
  }
}
