import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ServedRoute } from './route.js';
import { allowedMethods } from './route-methods.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';

/** One route's OPTIONS headers, for the day they were made on (a deprecation or sunset date changes them). */
interface DayHeaders {
  readonly day: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The headers of OPTIONS on each path: `Allow`, and, as ASP.NET API Versioning advertises them (oldest first, the
 * deprecated ones apart), the versions at which that path's operations exist: `/cats/1/` only where the cat detail
 * is served. A path outside API versioning (`/health/`, the docs page) answers at every version. The versions of
 * each route are found once at start; the headers are made once per route and day.
 */
export class OptionsHeaders {
  /** By route: the versions it is served at, or undefined for every version. */
  readonly #servedAt = new Map<ServedRoute, ReadonlySet<Version>>();
  readonly #made = new Map<ServedRoute, DayHeaders>();

  constructor(
    routes: readonly ServedRoute[],
    private readonly model: Pick<VersionModel, 'lifecycles' | 'advertisedOn'>,
  ) {
    const versions = model.lifecycles.map(({ version }) => version);
    for (const route of routes) {
      const contract = route.contract;
      if (contract?.availableAt !== undefined)
        this.#servedAt.set(route, new Set(versions.filter((version) => contract.availableAt?.(version) === true)));
    }
  }

  /** The headers of OPTIONS on the route's path, on `today`. */
  of(route: ServedRoute, today: CalendarDate): Readonly<Record<string, string>> {
    const day = today.toString();
    const made = this.#made.get(route);
    if (made?.day === day) return made.headers;
    const servedAt = this.#servedAt.get(route);
    const { supported, deprecated } = this.model.advertisedOn(today);
    const at = (versions: readonly Version[]): string => versions.filter((version) => servedAt?.has(version) ?? true).join(', ');
    const headers: Record<string, string> = { Allow: allowedMethods(route) };
    if (at(supported) !== '') headers['api-supported-versions'] = at(supported);
    if (at(deprecated) !== '') headers['api-deprecated-versions'] = at(deprecated);
    this.#made.set(route, { day, headers: Object.freeze(headers) });
    return headers;
  }
}
