import type { CalendarDate } from '../../../domain/records/calendar-date.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { VersionLifecycle } from '../../../domain/versioning/version-lifecycle.js';
import type { VersionStanding } from '../../../domain/versioning/version-standing.js';
import { VERSION_QUERY_PARAMETER } from '../request/api-version-header.js';
import { EncodedBody } from '../response/prepared-bodies.js';
import type { UnversionedRoute } from '../routing/route.js';
import type { RouteResponse } from '../routing/route-request.js';
import type { RouteContract } from '../routing/route-contract.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';
import { changelogEntryPath, type Endpoints } from '../routing/endpoints.js';
import { PerBase } from '../response/per-base.js';

/** The Link field that points to the catalog at `path` (RFC 9727 section 3; its well-known path by default). */
export const apiCatalogLink = (path: string): string => `<${path}>; rel="api-catalog"`;

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

/** The linkset's schema: one link context, the API, with its links by relation (`service-doc` when the docs page is served). */
function catalogSchema(docs: boolean): JsonSchema {
  return {
    type: 'object',
    properties: {
      linkset: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            anchor: { type: 'string' },
            'service-desc': LINKS,
            ...(docs ? { 'service-doc': LINKS } : {}),
            deprecation: LINKS,
            sunset: LINKS,
          },
          required: ['anchor', 'service-desc', ...(docs ? ['service-doc'] : [])],
        },
      },
    },
    required: ['linkset'],
  };
}

function contractAt(path: string, docs: boolean): RouteContract {
  return {
    operationId: 'getApiCatalog',
    summary: `The API catalog (RFC 9727): each supported version's OpenAPI document${docs ? ' and docs page' : ''}, its deprecation and sunset`,
    tag: 'Contract',
    body: { kind: 'fixed', name: 'ApiCatalog', schema: catalogSchema(docs) },
    mediaType: LINKSET_MEDIA_TYPE,
    headers: { Link: `\`${apiCatalogLink(path)}\`: the catalog itself (RFC 9727's link relation).` },
  };
}

type Target = Record<string, string | string[]>;

/**
 * `GET /.well-known/api-catalog` (or where the team places it): one link context, the API (`/`), naming for each version
 * served on the request's day its OpenAPI document (`service-desc`: `/openapi.json?version=X`) and its docs page
 * (`service-doc`: `/docs/?version=X`, when served),
 * and, where declared, its `deprecation` and `sunset` (RFC 9745, RFC 8594) with their dates; each link names its version
 * in a `version` target attribute, and dereferences as it is, with no header, to what it names. Below a mount every
 * path starts with the request's base (`/api/`, `/api/openapi.json?version=X`). One body per standing of the versions
 * (and per base), built when first asked for.
 */
export class ApiCatalog {
  readonly route: UnversionedRoute;
  readonly #bodies = new Map<VersionStanding, RouteResponse>();
  readonly #atBase = new PerBase(() => new Map<VersionStanding, RouteResponse>());

  /** `endpoints`: where the catalog, the documents, the docs page and the changelog are placed; each link follows its endpoint, none to one left out. */
  constructor(
    private readonly model: Pick<VersionModel, 'standingOn' | 'lifecycles'>,
    private readonly endpoints: Pick<Endpoints, 'docs' | 'changelog'> & { readonly catalog: string; readonly openapi: string },
  ) {
    const contract = contractAt(endpoints.catalog, endpoints.docs !== false);
    this.route = { pattern: endpoints.catalog, unversioned: true, contract, handle: ({ today, base }) => this.#answer(today, base) };
  }

  #answer(today: CalendarDate, base: string): RouteResponse {
    const standing = this.model.standingOn(today);
    const bodies = base === '' ? this.#bodies : this.#atBase.of(base);
    let response = bodies.get(standing);
    if (response === undefined) {
      const bytes = Buffer.from(JSON.stringify(this.#linkset(standing, base)));
      response = { body: new EncodedBody(bytes, LINKSET_MEDIA_TYPE), headers: { Link: apiCatalogLink(`${base}${this.endpoints.catalog}`) } };
      bodies.set(standing, response);
    }
    return response;
  }

  #linkset(standing: VersionStanding, base: string): object {
    const lifecycles = new Map(this.model.lifecycles.map(({ version, lifecycle }) => [version.toString(), lifecycle]));
    const { openapi, docs, changelog } = this.endpoints;
    const context: Record<string, string | Target[]> = {
      anchor: `${base}/`,
      'service-desc': [],
      ...(docs === false ? {} : { 'service-doc': [] }),
    };
    const add = (rel: string, target: Target): void => void ((context[rel] ??= []) as Target[]).push(target);
    for (const version of standing.supported) {
      const text = version.toString();
      const named = { version: [text] };
      const query = `?${VERSION_QUERY_PARAMETER}=${text}`;
      add('service-desc', {
        href: `${base}${openapi}${query}`,
        type: `application/json; version=${text}`,
        title: `OpenAPI document of ${text}`,
        ...named,
      });
      if (docs !== false) add('service-doc', { href: `${base}${docs}${query}`, type: 'text/html', title: `Documentation of ${text}`, ...named });
      const lifecycle = lifecycles.get(text) as VersionLifecycle;
      if (lifecycle.deprecated === null) continue;
      // With no page declared, the policy is the version's changelog entry: no link when the changelog is left out.
      const policy: Target | undefined =
        lifecycle.deprecationLink !== null
          ? { href: lifecycle.deprecationLink }
          : changelog === false
            ? undefined
            : { href: `${base}${changelogEntryPath(changelog)}${query}`, type: `application/json; version=${text}` };
      if (policy === undefined) continue;
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
