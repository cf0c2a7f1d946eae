import { AcceptHeaderError } from './accept-header-error.js';
import { parseMediaRanges, type MediaRange } from './media-range.js';

const UNSATISFIABLE = 'Could not satisfy the request Accept header.';

/**
 * The API version an Accept header asks for: the `version` parameter of the media range that
 * content negotiation picks for JSON. Undefined when it names none (the default version applies).
 * Throws AcceptHeaderError when no range admits JSON or the picked range names two versions.
 */
export function versionFromAccept(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const range = pickJsonRange(parseMediaRanges(header));
  if (range === undefined || range.weight === 0) throw new AcceptHeaderError('unsatisfiable_accept', UNSATISFIABLE);
  const versions = [...new Set((range.parameters.get('version') ?? []).filter((value) => value !== ''))];
  if (versions.length > 1) {
    throw new AcceptHeaderError('conflicting_version', `The Accept header names more than one version: ${versions.map((v) => JSON.stringify(v)).join(', ')}.`);
  }
  return versions[0];
}

/** The most specific ranges that match application/json decide; among them the highest weight, then the first. */
function pickJsonRange(ranges: readonly MediaRange[]): MediaRange | undefined {
  let best: MediaRange | undefined;
  let bestSpecificity = 0;
  for (const range of ranges) {
    const specificity = jsonSpecificity(range);
    if (specificity === 0) continue;
    if (best === undefined || specificity > bestSpecificity || (specificity === bestSpecificity && range.weight > best.weight)) {
      best = range;
      bestSpecificity = specificity;
    }
  }
  return best;
}

function jsonSpecificity(range: MediaRange): number {
  if (range.type === 'application' && range.subtype === 'json') return 3;
  if (range.type === 'application' && range.subtype === '*') return 2;
  return range.type === '*' ? 1 : 0;
}
