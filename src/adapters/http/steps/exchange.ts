import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { Client } from '../../../domain/clients/client.js';
import type { ServedRoute } from '../routing/route.js';

/** What is known of one request as its steps run: for its response, its access line and its metrics. */
export interface Exchange {
  readonly method: string;
  /** The path the API is mounted at ('' at the root, `/api` under a framework's prefix): every link the layer makes starts with it. */
  readonly base: string;
  /** The path below the base: what the routes match. */
  readonly path: string;
  /** The query string without its `?`. */
  readonly queryString: string;
  /** performance.now() when the request reached the handler. */
  readonly started: number;
  /** The service's date for this request, read once from the clock: every step that depends on the day takes this one. */
  readonly today: CalendarDate;
  /** The clock's instant (ms since the epoch), read once beside `today` when some version declares brownouts; else undefined. */
  readonly now: number | undefined;
  readonly origin: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly userAgent: string | undefined;
  /** The CORS headers of every response to it; none on a preflight's answer, which carries its own. */
  cors: Readonly<Record<string, string>> | undefined;
  /** Set once the path matches a route. */
  route: ServedRoute | undefined;
  /** The route's params (`id`), set with it. */
  params: Readonly<Record<string, string>>;
  /** The query, parsed once the route is known to read all its parameters. */
  query: URLSearchParams;
  /** Set once the version is resolved. */
  version: Version | undefined;
  /** Set when the version resolved is in a brownout: not served (a 410), but counted at that version in the metrics. */
  brownout: Version | undefined;
  /** Set once the Authorization names a client; undefined for an anonymous caller. Its answers are for it alone. */
  client: Client | undefined;
}
