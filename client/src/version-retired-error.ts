/**
 * A 410 from the API: the client's version is retired (its sunset date has come) or in a brownout, a rehearsal of its
 * retirement, until `retryAfter` seconds have passed. Thrown by every call of a client at that version.
 */
export class VersionRetiredError extends Error {
  override readonly name = 'VersionRetiredError';
  readonly status = 410;

  constructor(
    /** The version the client asked for. */
    readonly version: string,
    /** The day the version is (or, in a brownout, will be) retired, midnight UTC; null when the API has set none yet. */
    readonly sunset: Date | null,
    /** Seconds until a brownout ends (`Retry-After`); null when the version is retired for good. */
    readonly retryAfter: number | null,
    /** The API's own words, `detail` of its JSON body: it names the date and the versions still served. */
    detail: string,
    readonly response: Response,
  ) {
    super(detail);
  }

  /** The error of a 410 answer (its body is read from a clone). */
  static async of(response: Response, version: string): Promise<VersionRetiredError> {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    const detail = (body as { detail?: unknown } | undefined)?.detail;
    const text = typeof detail === 'string' ? detail : `Version ${version}: 410 Gone.`;
    // The 410 carries no Sunset header (no version is served in it): its detail names the date, "retired on
    // 2026-06-01" past the sunset, "a rehearsal of its sunset on 2026-12-01" in a brownout.
    const day = /(?:retired on|its sunset on) (\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1];
    return new VersionRetiredError(
      version,
      day === undefined ? null : new Date(`${day}T00:00:00Z`),
      retryAfterSeconds(response.headers.get('Retry-After')),
      text,
      response,
    );
  }
}

/** RFC 9110's Retry-After in seconds from now: delay-seconds, or an HTTP-date; null when absent or unreadable. */
export function retryAfterSeconds(field: string | null, now = Date.now()): number | null {
  if (field === null) return null;
  if (/^\d+$/.test(field.trim())) return Number(field.trim());
  const at = Date.parse(field);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
