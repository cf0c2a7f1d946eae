import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ApiContracts } from '../openapi/api-contracts.js';
import { EncodedBody } from '../response/prepared-bodies.js';
import type { PageRoute } from '../routing/route.js';
import type { RouteOutcome, RouteRequest, RouteResponse } from '../routing/route-request.js';
import { DOCS_PAGE_CSP } from './content-security-policy.js';
import { docsPageHtml, type DocsPageContent } from './docs-page-html.js';
import { DOCS_PAGE_SCRIPT } from './docs-page-script.js';
import { jsonForScriptElement } from './html-text.js';
import { readRedocBundle } from './redoc-bundle.js';
import { StaticAsset } from './static-asset.js';
import { versionBadge } from './version-badge.js';
import { apiCatalogLink } from '../discovery/api-catalog.js';
import { DEFAULT_ENDPOINTS } from '../routing/endpoints.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import type { VersionModel } from '../../../domain/versioning/version-model.js';
import { PerBase } from '../response/per-base.js';
import { documentAt } from '../openapi/openapi-document.js';

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
/** The page changes with the date (its badges), so a browser asks again each time. */
const PAGE_HEADERS = { 'Content-Security-Policy': DOCS_PAGE_CSP, 'Cache-Control': 'no-cache' };

/** Pages by version, for each base. */
const pagesByBase = (): PerBase<Map<string, RouteResponse>> => new PerBase(() => new Map<string, RouteResponse>());

/** What a page names below the base it is served at: its scripts, its own path and the catalog's Link. */
interface PageLinks {
  readonly scripts: readonly string[];
  readonly page: string;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * `GET /docs/` (or where the team places it): the docs page with its version picker (`?version=X.Y.Z` picks one), and the
 * scripts it loads. Below a mount, every path the page names (its scripts, the picker's links, the catalog's Link, the
 * embedded document's `servers`) starts with the request's base.
 */
export class DocsRoutes {
  readonly all: readonly PageRoute[];
  readonly #contracts: ApiContracts;
  readonly #model: Pick<VersionModel, 'standingOn'>;
  readonly #links: PerBase<PageLinks>;
  /** Each supported version's page, by base then version, built when first asked for on the day it is for. */
  #pages = pagesByBase();
  #pagesDay = '';

  /** `path`: the page's, its scripts below it; `catalog`: the API catalog's, which each page links (as RFC 9727 suggests), or false when it is left out. */
  constructor(
    contracts: ApiContracts,
    model: Pick<VersionModel, 'standingOn'>,
    path = DEFAULT_ENDPOINTS.docs as string,
    catalog = DEFAULT_ENDPOINTS.catalog,
  ) {
    this.#contracts = contracts;
    this.#model = model;
    const redoc = new StaticAsset(path, 'redoc.standalone', 'js', readRedocBundle(), JAVASCRIPT);
    const script = new StaticAsset(path, 'docs-page', 'js', Buffer.from(DOCS_PAGE_SCRIPT), JAVASCRIPT);
    this.#links = new PerBase((base) => ({
      scripts: [`${base}${redoc.path}`, `${base}${script.path}`],
      page: `${base}${path}`,
      headers: catalog === false ? PAGE_HEADERS : { ...PAGE_HEADERS, Link: apiCatalogLink(`${base}${catalog}`) },
    }));
    this.all = [
      {
        pattern: path,
        unversioned: true,
        handle: (request) => this.#page(request),
        queryParameters: ['version'],
        queryNote: { purpose: "the version picker's", target: `${path}?version=X.Y.Z` },
        refuseQuery: (refusal, today, base) => this.#pickerOnly(base, 400, today.toString(), refusal.message),
      },
      { pattern: redoc.path, unversioned: true, handle: () => redoc.response },
      { pattern: script.path, unversioned: true, handle: () => script.response },
    ];
  }

  #page({ query, today: day, base }: RouteRequest<undefined>): RouteOutcome {
    const today = day.toString();
    if (today !== this.#pagesDay) {
      this.#pages = pagesByBase();
      this.#pagesDay = today;
    }
    const asked = query.getAll('version');
    if (asked.length > 1) return this.#pickerOnly(base, 400, today, `Give "version" once; it was given ${asked.length} times.`);
    const byDefault = asked[0] === undefined ? this.#model.standingOn(day).resolve(undefined) : undefined;
    if (byDefault instanceof Refusal) return byDefault;
    const version = asked[0] ?? (byDefault as Version).toString();
    const pages = this.#pages.of(base);
    let page = pages.get(version);
    if (page === undefined) {
      const document = this.#contracts.document(version);
      if (document === undefined) return this.#missing(base, version, today);
      page = this.#respond(base, 200, { ...this.#content(base, today, version), documentJson: jsonForScriptElement(documentAt(document, base)) });
      pages.set(version, page);
    }
    return page;
  }

  /** 410 for a version retired and no longer described, 404 for any other text. */
  #missing(base: string, version: string, today: string): RouteResponse {
    const summary = this.#contracts.versions.find((candidate) => candidate.version === version);
    if (summary !== undefined && versionBadge(summary, today) === 'retired') {
      return this.#pickerOnly(base, 410, today, `Version ${version} was retired on ${summary.sunset as string}; pick a version below.`, version);
    }
    return this.#pickerOnly(base, 404, today, `There is no version ${quoteShortened(version)}; pick one of the versions below.`);
  }

  #pickerOnly(base: string, status: number, today: string, message: string, current?: string): RouteResponse {
    return this.#respond(base, status, { ...this.#content(base, today, current), message });
  }

  #content(base: string, today: string, current: string | undefined): DocsPageContent {
    const { scripts, page } = this.#links.of(base);
    return { versions: this.#contracts.versions, today, current, scripts, page };
  }

  #respond(base: string, status: number, content: DocsPageContent): RouteResponse {
    return { status, body: new EncodedBody(Buffer.from(docsPageHtml(content)), HTML), headers: this.#links.of(base).headers };
  }
}
