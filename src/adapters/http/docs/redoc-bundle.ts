import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { StartupError } from '../../../domain/errors/startup-error.js';

/** The one address on another host that redoc 2.5's bundle loads: the Redocly logo in the sidebar's footer. */
export const REDOCLY_LOGO_URL = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
/** An image that fails to decode, so redoc drops the logo (its onError) and nothing is fetched. */
const NO_IMAGE = 'data:,';
/** The bundle's map is not served, so the comment pointing at it goes. */
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\n?$/;

let redocBundle: Buffer | undefined;

/** redoc's standalone bundle from the installed package, read once a process, made to load nothing from another host. */
export function readRedocBundle(): Buffer {
  redocBundle ??= Buffer.from(
    withoutOutsideRequests(readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8')),
  );
  return redocBundle;
}

/** The bundle with its one outside address replaced; refuses the start when that address is not there exactly once. */
export function withoutOutsideRequests(bundle: string): string {
  const parts = bundle.split(`"${REDOCLY_LOGO_URL}"`);
  if (parts.length !== 2) {
    throw new StartupError(
      `redoc's bundle names ${REDOCLY_LOGO_URL} ${parts.length - 1} times, not once: check the redoc version package.json pins, ` +
        'and what the new bundle loads from other hosts (docs/docs-page.md).',
    );
  }
  return parts.join(`"${NO_IMAGE}"`).replace(SOURCE_MAP_COMMENT, '\n');
}
