import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ApiContracts } from '../openapi/api-contracts.js';
import { EncodedBody } from '../response/prepared-bodies.js';
import type { PageRoute, RouteOutcome, RouteRequest, RouteResponse } from '../routing/route.js';
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

const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';
/** The page changes with the date (its badges), so a browser asks again each time. */
const PAGE_HEADERS = { 'Content-Security-Policy': DOCS_PAGE_CSP, 'Cache-Control': 'no-cache' };

/** `GET /docs/` (or where the team places it): the docs page with its version picker (`?version=X.Y.Z` picks one), and the scripts it loads. */
export class DocsRoutes {
  readonly all: readonly PageRoute[];
  readonly #contracts: ApiContracts;
  readonly #standings: Pick<VersionModel, 'standingOn'>;
  readonly #scripts: readonly string[];
  readonly #path: string;
  readonly #headers: Readonly<Record<string, string>>;
  /** Each supported version's page, built when first asked for on the day it is for. */
  readonly #pages = new Map<string, RouteResponse>();
  #pagesDay = '';

  /** `path`: the page's, its scripts below it; `catalog`: the API catalog's, which each page links (as RFC 9727 suggests), or false when it is left out. */
  constructor(
    contracts: ApiContracts,
    standings: Pick<VersionModel, 'standingOn'>,
    path = DEFAULT_ENDPOINTS.docs as string,
    catalog = DEFAULT_ENDPOINTS.catalog,
  ) {
    this.#contracts = contracts;
    this.#standings = standings;
    this.#path = path;
    this.#headers = catalog === false ? PAGE_HEADERS : { ...PAGE_HEADERS, Link: apiCatalogLink(catalog) };
    const redoc = new StaticAsset(path, 'redoc.standalone', 'js', readRedocBundle(), JAVASCRIPT);
    const script = new StaticAsset(path, 'docs-page', 'js', Buffer.from(DOCS_PAGE_SCRIPT), JAVASCRIPT);
    this.#scripts = [redoc.path, script.path];
    this.all = [
      {
        pattern: path,
        unversioned: true,
        handle: (request) => this.#page(request),
        queryParameters: ['version'],
        queryNote: `the version picker's: ${path}?version=X.Y.Z`,
        refuseQuery: (refusal, today) => this.#pickerOnly(400, today.toString(), refusal.message),
      },
      { pattern: redoc.path, unversioned: true, handle: () => redoc.response },
      { pattern: script.path, unversioned: true, handle: () => script.response },
    ];
  }

  #page({ query, today: day }: RouteRequest<undefined>): RouteOutcome {
    const today = day.toString();
    if (today !== this.#pagesDay) {
      this.#pages.clear();
      this.#pagesDay = today;
    }
    const asked = query.getAll('version');
    if (asked.length > 1) return this.#pickerOnly(400, today, `Give "version" once; it was given ${asked.length} times.`);
    const byDefault = asked[0] === undefined ? this.#standings.standingOn(day).resolve(undefined) : undefined;
    if (byDefault instanceof Refusal) return byDefault;
    const version = asked[0] ?? (byDefault as Version).toString();
    let page = this.#pages.get(version);
    if (page === undefined) {
      const document = this.#contracts.document(version);
      if (document === undefined) return this.#missing(version, today);
      page = this.#respond(200, { ...this.#content(today, version), documentJson: jsonForScriptElement(document) });
      this.#pages.set(version, page);
    }
    return page;
  }

  /** 410 for a version retired and no longer described, 404 for any other text. */
  #missing(version: string, today: string): RouteResponse {
    const summary = this.#contracts.versions.find((candidate) => candidate.version === version);
    if (summary !== undefined && versionBadge(summary, today) === 'retired') {
      return this.#pickerOnly(410, today, `Version ${version} was retired on ${summary.sunset as string}; pick a version below.`, version);
    }
    return this.#pickerOnly(404, today, `There is no version ${quoteShortened(version)}; pick one of the versions below.`);
  }

  #pickerOnly(status: number, today: string, message: string, current?: string): RouteResponse {
    return this.#respond(status, { ...this.#content(today, current), message });
  }

  #content(today: string, current: string | undefined): DocsPageContent {
    return { versions: this.#contracts.versions, today, current, scripts: this.#scripts, page: this.#path };
  }

  #respond(status: number, content: DocsPageContent): RouteResponse {
    return { status, body: new EncodedBody(Buffer.from(docsPageHtml(content)), HTML), headers: this.#headers };
  }
}
