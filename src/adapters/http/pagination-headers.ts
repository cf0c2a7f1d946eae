import type { Page } from '../../application/paging/page.js';

/** `Link` (rel next and prev, RFC 8288) and `X-Total-Count` for one page of a collection at `path`. */
export function paginationHeaders(path: string, page: Page<unknown>): Record<string, string> {
  const { limit, offset } = page.request;
  const link = (rel: string, at: number): string => `<${path}?limit=${limit}&offset=${at}>; rel="${rel}"`;
  const links: string[] = [];
  if (offset + limit < page.total) links.push(link('next', offset + limit));
  if (offset > 0) links.push(link('prev', Math.max(0, Math.min(offset, page.total) - limit)));
  const headers: Record<string, string> = { 'X-Total-Count': String(page.total) };
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}
