import type { Page } from '../../../application/paging/page.js';

/**
 * `Link` (rel next and prev, RFC 8288) and `X-Total-Count` for one page of a collection at `path`. The links
 * are Stripe's cursors, so a client that follows them never pays for a deep offset; an empty page past the end
 * of an offset has a prev link by offset to the last page.
 */
export function paginationHeaders(path: string, page: Page<unknown>): Record<string, string> {
  const { limit, offset, cursor } = page.request;
  const links: string[] = [];
  if (page.nextAfter !== undefined) links.push(`<${path}?limit=${limit}&starting_after=${page.nextAfter}>; rel="next"`);
  if (page.previousBefore !== undefined) links.push(`<${path}?limit=${limit}&ending_before=${page.previousBefore}>; rel="prev"`);
  else if (cursor === undefined && offset > 0 && page.items.length === 0) {
    links.push(`<${path}?limit=${limit}&offset=${Math.max(0, Math.min(offset, page.total) - limit)}>; rel="prev"`);
  }
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}
