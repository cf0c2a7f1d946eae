import type { Awaitable } from '../../../application/ports/awaitable.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { RecordType } from '../../../domain/versioning/record-type.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { RouteOutcome, RouteRequest } from './route-request.js';

/** What a write's handler gets beyond the request: the JSON body as sent, and the Idempotency-Key, when the write reads one. */
export interface WriteRequest {
  readonly body: unknown;
  readonly idempotencyKey: string | undefined;
}

/** What the published contract says of a write: its operation, the body it takes at each version, and what it answers. */
export interface WriteContract {
  readonly operationId: string;
  readonly summary: string;
  /** The record type it stores and answers with. */
  readonly recordType: RecordType<never>;
  /** 201 with Location for a create, 200 for an update. */
  readonly status: 201 | 200;
  /** The JSON Schema of its body at the version. */
  bodyAt(version: Version): JsonSchema;
  /** Whether it exists at the version. */
  availableAt(version: Version): boolean;
  /** Whether it is removed after the last version that serves it. */
  readonly ends: boolean;
  /** The refusals its handler answers beyond every route's, by error code, each with when. */
  readonly refusals: Readonly<Record<string, string>>;
}

/**
 * A write a versioned route takes beside GET, at the request's version: POST to a collection's path (a create), PATCH
 * to a record's (an update, a merge patch). Its JSON body is read (bounded) before `handle` gets it.
 */
export interface RouteWrite {
  readonly method: 'POST' | 'PATCH';
  readonly contract: WriteContract;
  /** Whether it reads the Idempotency-Key header (a create does). */
  readonly idempotent: boolean;
  handle(request: RouteRequest, write: WriteRequest): Awaitable<RouteOutcome>;
}
