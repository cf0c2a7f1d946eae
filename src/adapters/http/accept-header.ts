import { AcceptHeaderError } from './accept-header-error.js';
import { parseMediaRanges, type MediaRange } from './media-range.js';

const UNSATISFIABLE = 'Could not satisfy the request Accept header.';

/**
 * The API version an Accept header asks for: the `version` parameter of the media range that
 * content negotiation picks for JSON (RFC 9110 12.5.1). Undefined when it names none: the default
 * version applies. Throws AcceptHeaderError when JSON is not acceptable, or when the ranges that
 * win name different versions.
 */
export function versionFromAccept(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const ranges = parseMediaRanges(header).filter((range) => jsonLevel(range) > 0);
  const winners = mostPreferred(ranges.filter((range) => range.weight > 0));
  const chosen = winners[0];
  if (chosen === undefined || ranges.some((range) => refusesJson(range, chosen))) {
    throw new AcceptHeaderError('unsatisfiable_accept', UNSATISFIABLE);
  }
  const versions = [...new Set(winners.flatMap((range) => range.parameters.get('version') ?? []).filter((value) => value !== ''))];
  if (versions.length > 1) {
    throw new AcceptHeaderError(
      'conflicting_version',
      `The Accept header names more than one version: ${versions.map((v) => JSON.stringify(v)).join(', ')}.`,
    );
  }
  const [version] = versions;
  if (version !== undefined && ranges.some((range) => range.weight === 0 && range.parameters.get('version')?.includes(version))) {
    throw new AcceptHeaderError('unsatisfiable_accept', UNSATISFIABLE);
  }
  return version;
}

/** The most specific ranges, then those of the highest weight, in header order. */
function mostPreferred(ranges: readonly MediaRange[]): MediaRange[] {
  const topSpecificity = Math.max(...ranges.map(specificity));
  const specific = ranges.filter((range) => specificity(range) === topSpecificity);
  const topWeight = Math.max(...specific.map((range) => range.weight));
  return specific.filter((range) => range.weight === topWeight);
}

/** A `q=0` range naming no version, at least as specific as the chosen range, refuses JSON outright. */
function refusesJson(range: MediaRange, chosen: MediaRange): boolean {
  return range.weight === 0 && !range.parameters.has('version') && specificity(range) >= specificity(chosen);
}

/** Type and subtype decide first; a range with parameters is more specific than the same one without. */
function specificity(range: MediaRange): number {
  return jsonLevel(range) * 2 + (range.parameters.size > 0 ? 1 : 0);
}

function jsonLevel(range: MediaRange): number {
  if (range.type === 'application' && range.subtype === 'json') return 3;
  if (range.type === 'application' && range.subtype === '*') return 2;
  return range.type === '*' ? 1 : 0;
}
