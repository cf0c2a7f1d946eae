import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { RecordType } from '../../../domain/versioning/record-type.js';
import type { Version } from '../../../domain/versioning/version.js';

/** What a route's 200 answers with: one record, a page of records, or a body of a fixed schema. */
export type RouteBody =
  | { readonly kind: 'record' | 'page'; readonly recordType: RecordType<never> }
  | { readonly kind: 'fixed'; readonly name: string; readonly schema: JsonSchema };

/** What the published contract says of a route: its operation, and at which versions it exists. */
export interface RouteContract {
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly body: RouteBody;
  /** Whether it exists at the version; at every version when absent. */
  availableAt?(version: Version): boolean;
  /** Whether it is removed after the last version that serves it (a removedIn in the history); never when absent. */
  readonly ends?: boolean;
  /** Headers its 200 and 503 always carry beyond the common ones, by name, with what they say. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whether a fixed body may also be answered 503 (a record or a page always may: the storage may not answer). */
  readonly mayBeUnavailable?: boolean;
  /** Whether only a client may call it, with its API key (a 401 without one); anyone may, with a key or without, when absent. */
  readonly keyRequired?: boolean;
  /** The refusals its handler answers beyond every route's, by error code (the code table gives the status), each with when. */
  readonly refusals?: Readonly<Record<string, string>>;
  /** The media type of its 200 when it is not plain JSON (the API catalog's linkset). */
  readonly mediaType?: string;
  /** The query parameters it reads beyond a page's, as the documents declare them. */
  readonly query?: readonly { readonly [key: string]: JsonValue }[];
  /** The view set action it serves, which a view change reaches. */
  readonly serves?: { readonly viewSet: string; readonly action: string };
}

/** The contract of a PutRoute: also the JSON body it takes. */
export interface PutContract extends RouteContract {
  readonly requestBody: {
    readonly name: string;
    readonly schema: JsonSchema;
    /** A body to show in the document of a version. */
    example?(version: Version): JsonValue;
  };
}
