import type { VersionSummary } from '../openapi/api-contracts.js';
import { DOCS_PAGE_STYLE } from './docs-page-style.js';
import { DOCUMENT_ELEMENT_ID, REDOC_ELEMENT_ID } from './docs-page-script.js';
import { escapeHtml } from './html-text.js';
import { versionBadge } from './version-badge.js';

/** What one docs page shows. */
export interface DocsPageContent {
  /** Newest first. */
  readonly versions: readonly VersionSummary[];
  /** `YYYY-MM-DD`, for the badges. */
  readonly today: string;
  /** The version the page is about, marked in the picker; undefined when none is. */
  readonly current: string | undefined;
  /** Said above the picker when the page cannot show what was asked. */
  readonly message?: string;
  /** The shown version's OpenAPI document, written for a script element (jsonForScriptElement); absent: the picker alone. */
  readonly documentJson?: string;
  /** Where redoc's bundle and the page's script are served. */
  readonly scripts: readonly string[];
  /** The page's own path, which the picker's links name: `/docs/`. */
  readonly page: string;
}

/** The whole HTML page: the version picker, and redoc rendering the shown version's document. */
export function docsPageHtml({ versions, today, current, message, documentJson, scripts, page }: DocsPageContent): string {
  const title = current === undefined || documentJson === undefined ? 'API docs' : `API docs: version ${current}`;
  const parts = [
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n',
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
    `<title>${escapeHtml(title)}</title>\n<style>${DOCS_PAGE_STYLE}</style>\n</head>\n<body>\n`,
    '<header class="picker">\n<h1>API versions</h1>\n',
  ];
  if (message !== undefined) parts.push(`<p class="message" role="alert">${escapeHtml(message)}</p>\n`);
  parts.push(
    '<ol class="versions">\n',
    ...versions.map((summary) => pickerItem(summary, summary.version === current, today, page)),
    '</ol>\n</header>\n',
  );
  if (documentJson !== undefined) {
    parts.push(
      `<main>\n<script type="application/json" id="${DOCUMENT_ELEMENT_ID}">${documentJson}</script>\n<div id="${REDOC_ELEMENT_ID}"></div>\n</main>\n`,
      ...scripts.map((path) => `<script src="${escapeHtml(path)}"></script>\n`),
    );
  }
  parts.push('</body>\n</html>\n');
  return parts.join('');
}

function pickerItem({ version, notes, deprecated, sunset, brownouts }: VersionSummary, current: boolean, today: string, page: string): string {
  const badge = versionBadge({ deprecated, sunset }, today);
  const href = `${page}?version=${encodeURIComponent(version)}`;
  // Those not over by the start of today: instants written YYYY-MM-DDTHH:MM:SSZ order as text does.
  const coming = brownouts.filter(({ end }) => end > `${today}T00:00:00Z`).map(({ start, end }) => `${start} to ${end}`);
  return (
    `<li${current ? ' class="current"' : ''}><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(version)}</a>` +
    (badge === undefined ? '' : `<span class="badge ${badge}">${badge}</span>`) +
    (coming.length === 0 ? '' : `\n<p class="brownouts">Brownouts (410, UTC): ${escapeHtml(coming.join('; '))}</p>`) +
    (notes.length === 0 ? '' : `\n<ul class="notes">${notes.map((note) => `<li>${escapeHtml(note)}</li>`).join('')}</ul>`) +
    '</li>\n'
  );
}
