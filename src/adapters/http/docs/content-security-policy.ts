import { createHash } from 'node:crypto';
import { DOCS_PAGE_STYLE } from './docs-page-style.js';

/** The CSP value a stylesheet's exact text is allowed by. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
}

/**
 * The stylesheets redoc 2.5.4 writes into `<style>` elements, by hash (the browser test fails on any CSP
 * violation, so a redoc that writes others is caught): styled-components' own, empty (it adds its rules through
 * the CSSOM, which CSP does not govern), and perfect-scrollbar's.
 */
const REDOC_STYLE_HASHES = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='"];

/** The docs page's Content-Security-Policy; docs/docs-page.md gives each directive's reason. */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src ${[styleHash(DOCS_PAGE_STYLE), ...REDOC_STYLE_HASHES].join(' ')}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
