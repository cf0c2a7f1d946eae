/** Headers an answer carries beside its error body, by name. */
export type RefusalHeaders = Readonly<Record<string, string>>;

/**
 * Base of every refusal of a request (a 404, a 406): `code` is stable, and `status` is the HTTP status it is answered
 * with (HTTP's numbers are the vocabulary every adapter of this layer speaks, as fastify's errors carry theirs). A
 * refusal is an outcome to answer, not a fault to trace, so no stack trace is captured for it: capturing one costs more
 * than the rest of the answer. Its `stack` is its first line.
 */
export abstract class Refusal extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  /** Headers its answer carries beside the error body; none unless a refusal says. */
  readonly headers: RefusalHeaders | undefined;

  constructor(message: string) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = new.target.name;
  }

  /** What a client reads of it, the `detail` of its answer: its message, unless it says less. */
  get detail(): string {
    return this.message;
  }
}

/** What the catalogue says of a code without a refusal of it (for the published documents): its status and headers. */
export interface CatalogueEntry {
  readonly status: number;
  readonly headers?: RefusalHeaders;
}

const CATALOGUE = new Map<string, CatalogueEntry>();

/** Enters codes and their statuses (and headers) in the catalogue, each once: a code declared twice is a fault of the layer. */
export function catalogue<const C extends string>(statuses: Readonly<Record<C, number>>, headers?: RefusalHeaders): Readonly<Record<C, number>> {
  for (const [code, status] of Object.entries<number>(statuses)) {
    if (CATALOGUE.has(code)) throw new Error(`the refusal code "${code}" is declared twice`);
    CATALOGUE.set(code, headers === undefined ? { status } : { status, headers });
  }
  return statuses;
}

/** The catalogue's status and headers of a code; undefined for a code no refusal declares. */
export function catalogueEntry(code: string): CatalogueEntry | undefined {
  return CATALOGUE.get(code);
}

/** What a refusal of one code says besides its code and status. */
export interface RefusalText {
  /** The message of each refusal of it, when it is always the same (a constructor may still name another). */
  readonly message?: string;
  /** What a client reads instead of the message, when it reads less (a 404 that does not say which). */
  readonly detail?: string;
  /** Headers its answer always carries. */
  readonly headers?: RefusalHeaders;
}

/**
 * The base of a refusal of one code, as fastify's createError: `class UnknownPathError extends refusal('unknown_path',
 * 404, { message: 'No resource has that path.', detail: 'Not found.' }) {}` declares its code, status and text on one
 * line, and enters them in the catalogue.
 */
export function refusal<const C extends string>(code: C, status: number, { message = '', detail, headers }: RefusalText = {}) {
  catalogue({ [code]: status } as Record<C, number>, headers);
  abstract class OneCode extends Refusal {
    readonly code: C = code;
    readonly status: number = status;
    override readonly headers: RefusalHeaders | undefined = headers;

    constructor(text: string = message) {
      super(text);
    }

    override get detail(): string {
      return detail ?? this.message;
    }
  }
  return OneCode;
}
