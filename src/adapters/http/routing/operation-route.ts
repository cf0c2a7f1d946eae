import type { Awaitable } from '../../../application/ports/awaitable.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { RecordType } from '../../../domain/versioning/record-type.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ReadsQuery } from './reads-query.js';
import type { RouteContract } from './route-contract.js';
import type { RouteOutcome, RouteRequest } from './route-request.js';

/** What every operation's contract says, whoever provides it: what it serves, the record types it holds, its window. */
interface OperationBasics {
  readonly operationId: string;
  readonly summary: string;
  readonly serves: { readonly viewSet: string; readonly action: string };
  /** The record types its schemas hold, at any depth, by name. */
  readonly recordTypes: ReadonlySet<string>;
  availableAt(version: Version): boolean;
  /** Whether it is removed after the last version that serves it. */
  readonly ends: boolean;
}

/** An operation of the team's own: the declaration, its schemas with `$ref`s to record types. */
export interface DeclaredContract extends OperationBasics {
  readonly kind: 'declared';
  readonly description: string | undefined;
  readonly tag: string;
  readonly params: Readonly<Record<string, JsonSchema>>;
  readonly query: Readonly<Record<string, JsonSchema>>;
  readonly body: JsonSchema | undefined;
  /** Each declared status: a success's body schema (or a text, for one without a body), a refusal's text. */
  readonly responses: Readonly<Record<number, JsonSchema | string>>;
}

/** A collection's read, over the layer's storage: a page of its records, or one record. */
export interface ReadContract extends OperationBasics, Omit<RouteContract, 'body' | 'availableAt' | 'ends' | 'serves'> {
  readonly kind: 'read';
  readonly body: { readonly kind: 'record' | 'page'; readonly recordType: RecordType<never> };
}

/** A collection's write, over the layer's storage: a create (201 with Location) or an update, and the body it takes at each version. */
export interface WriteContract extends OperationBasics {
  readonly kind: 'write';
  /** The record type it stores and answers with. */
  readonly recordType: RecordType<never>;
  /** 201 with Location for a create, 200 for an update. */
  readonly status: 201 | 200;
  /** The JSON Schema of its body at the version. */
  bodyAt(version: Version): JsonSchema;
  /** The refusals its handler answers beyond every route's, by error code, each with when. */
  readonly refusals: Readonly<Record<string, string>>;
}

/** What the published contract says of one operation: of the team's own, or a collection's. */
export type OperationContract = DeclaredContract | ReadContract | WriteContract;

/**
 * One operation on its path: run at the request's version, with its JSON body when it takes one (read bounded, a
 * merge patch for PATCH), and its Idempotency-Key when it reads one (read before the body).
 */
export interface ServedOperation {
  readonly method: string;
  readonly contract: OperationContract;
  readonly takesBody: boolean;
  /** Whether it reads the Idempotency-Key header (a collection's create does). */
  readonly idempotent?: true;
  handle(request: RouteRequest, body: unknown, idempotencyKey?: string): Awaitable<RouteOutcome>;
}

/** What a path of operations answers with at 200 on GET: a collection's record or page (whose answers change with the day), or the team's own. */
export type OperationsBody = { readonly kind: 'operations' } | { readonly kind: 'record' | 'page'; readonly recordType: RecordType<never> };

/**
 * A path of operations, each method its own (GET answering HEAD too): a collection's (its list or a record, over the
 * layer's storage) or the team's own; `contract` speaks for the path.
 */
export interface OperationRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned?: false;
  readonly contract: Omit<RouteContract, 'body'> & { readonly body: OperationsBody };
  readonly operations: ReadonlyMap<string, ServedOperation>;
}
