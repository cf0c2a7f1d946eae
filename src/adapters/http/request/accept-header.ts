import { quoteShortened } from '../../../domain/errors/quote-shortened.js';
import { parseMediaRanges, type MediaRange } from './media-range.js';
import { AcceptHeaderError } from './refusals.js';

/** The parameters of the chosen range that are read (`q` is the weight) or ignored as harmless (`charset`: JSON is UTF-8). */
const KNOWN_PARAMETERS = new Set(['version', 'charset']);

/** The refusal of an Accept header that admits no JSON, naming what it received and what would be served. */
function unsatisfiable(header: string, supported: readonly string[]): AcceptHeaderError {
  const versions =
    supported.length === 0 ? '' : ` Supported versions: ${supported.join(', ')} (Accept: application/json; version=${supported[0] as string}).`;
  return new AcceptHeaderError(
    'unsatisfiable_accept',
    `Could not satisfy the Accept header ${quoteShortened(header)}: this API answers application/json only.${versions}`,
  );
}

/**
 * The API version an Accept header asks for: the `version` parameter of the media range that
 * content negotiation picks for JSON (RFC 9110 12.5.1). Undefined when it names none: the default
 * version applies. The AcceptHeaderError when JSON is not acceptable (naming `supported`, newest first),
 * when the ranges that win name different versions, or a parameter other than `version`, `q` and `charset`.
 */
export function versionFromAccept(header: string | undefined, supported: readonly string[] = []): string | AcceptHeaderError | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const parsed = parseMediaRanges(header);
  if (parsed instanceof AcceptHeaderError) return parsed;
  const ranges = parsed.filter((range) => jsonLevel(range) > 0);
  const winners = mostPreferred(ranges.filter((range) => range.weight > 0));
  const chosen = winners[0];
  if (chosen === undefined || ranges.some((range) => refusesJson(range, chosen))) return unsatisfiable(header, supported);
  // A misspelt parameter (`v=2.1.0`) would otherwise be served silently at the default version.
  for (const range of winners) {
    for (const [name, values] of range.parameters) {
      if (!KNOWN_PARAMETERS.has(name)) {
        return new AcceptHeaderError(
          'unknown_accept_parameter',
          `The Accept header's ${range.type}/${range.subtype} has a parameter ${quoteShortened(`${name}=${values[0] as string}`)} this API does not read: it reads "version", "q" and "charset" (application/json; version=2.1.0; q=0.9; charset=utf-8).`,
        );
      }
    }
  }
  const versions = [...new Set(winners.flatMap((range) => range.parameters.get('version') ?? []).filter((value) => value !== ''))];
  if (versions.length > 1) {
    return new AcceptHeaderError(
      'conflicting_version',
      `The Accept header names more than one version: ${versions.map((v) => JSON.stringify(v)).join(', ')}.`,
    );
  }
  const [version] = versions;
  if (version !== undefined && ranges.some((range) => range.weight === 0 && range.parameters.get('version')?.includes(version))) {
    return unsatisfiable(header, supported);
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
