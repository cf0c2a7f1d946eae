import type { Awaitable } from '../../../application/ports/awaitable.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { Version } from '../../../domain/versioning/version.js';
import type { ReadsQuery } from './reads-query.js';
import type { RouteContract } from './route-contract.js';
import type { RouteOutcome, RouteRequest } from './route-request.js';

/** What the published contract says of an operation of the team's own: the declaration, its schemas with `$ref`s to record types. */
export interface OperationContract {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string | undefined;
  readonly tag: string;
  readonly serves: { readonly viewSet: string; readonly action: string };
  readonly params: Readonly<Record<string, JsonSchema>>;
  readonly query: Readonly<Record<string, JsonSchema>>;
  readonly body: JsonSchema | undefined;
  /** Each declared status: a success's body schema (or a text, for one without a body), a refusal's text. */
  readonly responses: Readonly<Record<number, JsonSchema | string>>;
  /** The record types its schemas hold, at any depth, by name. */
  readonly recordTypes: ReadonlySet<string>;
  availableAt(version: Version): boolean;
  readonly ends: boolean;
}

/** One operation of the team's own on its path: run at the request's version, with its JSON body when it takes one. */
export interface ServedOperation {
  readonly method: string;
  readonly contract: OperationContract;
  readonly takesBody: boolean;
  handle(request: RouteRequest, body: unknown): Awaitable<RouteOutcome>;
}

/** A path of operations of the team's own, each method its own (GET answering HEAD too); `contract` speaks for the path. */
export interface OperationRoute extends ReadsQuery {
  readonly pattern: string;
  readonly unversioned?: false;
  readonly contract: Omit<RouteContract, 'body'> & { readonly body: { readonly kind: 'operations' } };
  readonly operations: ReadonlyMap<string, ServedOperation>;
}
