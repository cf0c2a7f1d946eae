import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionStanding } from '../../../domain/versioning/version-standing.js';
import { VERSION_QUERY_PARAMETER } from '../request/api-version-header.js';
import { EncodedBody } from '../response/prepared-bodies.js';
import type { RouteContract, RouteResponse, UnversionedRoute } from '../routing/route.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';

/** RFC 9727's well-known path, and the Link field that points to it (RFC 9727 section 3). */
export const API_CATALOG_PATH = '/.well-known/api-catalog';
export const API_CATALOG_LINK = `<${API_CATALOG_PATH}>; rel="api-catalog"`;

/** RFC 9264's JSON linkset, with RFC 9727's profile. */
export const LINKSET_MEDIA_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

const TARGET: JsonSchema = {
  type: 'object',
  properties: {
    href: { type: 'string' },
    type: { type: 'string' },
    title: { type: 'string' },
    version: { type: 'array', items: { type: 'string' } },
    date: { type: 'array', items: { type: 'string', format: 'date', examples: ['2027-01-01'] } },
  },
  required: ['href'],
};
const LINKS: JsonSchema = { type: 'array', items: TARGET };

/** The linkset's schema: one link context, the API, with its links by relation. */
export const API_CATALOG_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    linkset: {
      type: 'array',
      items: {
        type: 'object',
        properties: { anchor: { type: 'string' }, 'service-desc': LINKS, 'service-doc': LINKS, deprecation: LINKS, sunset: LINKS },
        required: ['anchor', 'service-desc', 'service-doc'],
      },
    },
  },
  required: ['linkset'],
};

const CONTRACT: RouteContract = {
  operationId: 'getApiCatalog',
  summary: "The API catalog (RFC 9727): each supported version's OpenAPI document and docs page, its deprecation and sunset",
  tag: 'Contract',
  body: { kind: 'fixed', name: 'ApiCatalog', schema: API_CATALOG_SCHEMA },
  mediaType: LINKSET_MEDIA_TYPE,
  headers: { Link: `\`${API_CATALOG_LINK}\`: the catalog itself (RFC 9727's link relation).` },
};

type Target = Record<string, string | string[]>;

/**
 * `GET /.well-known/api-catalog`: one link context, the API (`/`), naming for each version served on the request's day
 * its OpenAPI document (`service-desc`: `/openapi.json?version=X`) and its docs page (`service-doc`: `/docs/?version=X`),
 * and, where declared, its `deprecation` and `sunset` (RFC 9745, RFC 8594) with their dates; each link names its version
 * in a `version` target attribute, and dereferences as it is, with no header, to what it names. One body per standing
 * of the versions, built when first asked for.
 */
export class ApiCatalog {
  readonly route: UnversionedRoute;
  readonly #bodies = new Map<VersionStanding, RouteResponse>();

  constructor(private readonly standings: Pick<VersionModel, 'standingOn' | 'lifecycles'>) {
    this.route = { pattern: API_CATALOG_PATH, unversioned: true, contract: CONTRACT, handle: ({ today }) => this.#answer(today) };
  }

  #answer(today: CalendarDate): RouteResponse {
    const standing = this.standings.standingOn(today);
    let response = this.#bodies.get(standing);
    if (response === undefined) {
      const bytes = Buffer.from(JSON.stringify(this.#linkset(standing)));
      response = { body: new EncodedBody(bytes, LINKSET_MEDIA_TYPE), headers: { Link: API_CATALOG_LINK } };
      this.#bodies.set(standing, response);
    }
    return response;
  }

  #linkset(standing: VersionStanding): object {
    const lifecycles = new Map(this.standings.lifecycles.map(({ version, lifecycle }) => [version.toString(), lifecycle]));
    const context: Record<string, string | Target[]> = { anchor: '/', 'service-desc': [], 'service-doc': [] };
    const add = (rel: string, target: Target): void => void ((context[rel] ??= []) as Target[]).push(target);
    for (const version of standing.supported) {
      const text = version.toString();
      const named = { version: [text] };
      const query = `?${VERSION_QUERY_PARAMETER}=${text}`;
      add('service-desc', {
        href: `/openapi.json${query}`,
        type: `application/json; version=${text}`,
        title: `OpenAPI document of ${text}`,
        ...named,
      });
      add('service-doc', { href: `/docs/${query}`, type: 'text/html', title: `Documentation of ${text}`, ...named });
      const lifecycle = lifecycles.get(text) as VersionLifecycle;
      if (lifecycle.deprecated === null) continue;
      const policy: Target =
        lifecycle.deprecationLink === null
          ? { href: `/version/my_version/${query}`, type: `application/json; version=${text}` }
          : { href: lifecycle.deprecationLink };
      add('deprecation', {
        ...policy,
        title: `${text} is deprecated from ${lifecycle.deprecated.toString()}`,
        ...named,
        date: [lifecycle.deprecated.toString()],
      });
      if (lifecycle.sunset !== null) {
        add('sunset', { ...policy, title: `${text} is retired on ${lifecycle.sunset.toString()}`, ...named, date: [lifecycle.sunset.toString()] });
      }
    }
    return { linkset: [context] };
  }
}
