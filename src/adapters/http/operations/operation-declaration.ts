import type { Awaitable } from '../../../application/ports/awaitable.js';
import { StartupError } from '../../../domain/errors/startup-error.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import { withRefs, type DeclaredRecordType, type SchemaWithTypes } from '../../../domain/versioning/record-type.js';
import { HandlerRefusal } from '../request/refusals.js';

/** The methods an operation may have; HEAD is answered as its path's GET, OPTIONS by the layer. */
export const OPERATION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

/** What a handler of the team's own is given: everything in the newest shape, whatever version the client sent. */
export interface OperationRequest {
  /** The path's parameters, each read as its schema's type says (an integer as a number). */
  readonly params: Readonly<Record<string, JsonValue>>;
  /** The declared query parameters that were sent, read likewise. */
  readonly query: Readonly<Record<string, JsonValue>>;
  /** The JSON body, checked at the request's version, upgraded to the newest shape and checked again; undefined without one. */
  readonly body: JsonValue | undefined;
  /** The version the request is served at: the answer is walked back to it. */
  readonly version: string;
  /** The client whose API key the request carries; undefined for an anonymous caller. */
  readonly client: string | undefined;
  /** The service's date of the request, `YYYY-MM-DD` (UTC, or TODAY). */
  readonly today: string;
}

/** An answer with a status of its own (one of the operation's declared responses) and headers, such as a 201's Location. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: JsonValue | undefined,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/** What a handler returns: the body of its one success status in the newest shape, a reply, or a refusal. */
export type OperationResult = JsonValue | Reply | HandlerRefusal;

/** One operation of the team's: where it is, what it takes and answers (the newest shapes), and its handler. */
export interface OperationDeclaration {
  readonly method: OperationMethod;
  /** `/invoices/{id}/pay`: a `{name}` segment is a path parameter that `params` declares. */
  readonly path: string;
  readonly summary: string;
  /** The documents' operationId; `<action><ViewSet without "ViewSet">` by default: `payInvoice`. */
  readonly operationId?: string;
  readonly description?: string;
  /** The schema of each path parameter: a value that does not fit it is a 400 naming it. */
  readonly params?: Readonly<Record<string, SchemaWithTypes>>;
  /** The schema of each query parameter it reads, all optional (an array schema takes it repeated); any other is a 400. */
  readonly query?: Readonly<Record<string, SchemaWithTypes>>;
  /** The body's schema in the newest shape; `readOnly` fields are refused in it. Without it the operation takes no body. */
  readonly body?: SchemaWithTypes;
  /**
   * Each status it answers: a success (2xx) with the schema of its body in the newest shape (a text for one without a
   * body, such as 204), a refusal (4xx) with a text saying when. Exactly one success, unless the handler replies.
   */
  readonly responses: Readonly<Record<number, SchemaWithTypes | string>>;
  readonly handler: (request: OperationRequest) => Awaitable<OperationResult>;
}

/** An operation as declared, with its schemas as plain JSON Schema (each record type in them a `$ref`) and the types they hold. */
export interface DeclaredOperation extends OperationDeclaration {
  readonly action: string;
  readonly operationId: string;
  readonly schemas: {
    readonly params: Readonly<Record<string, JsonSchema>>;
    readonly query: Readonly<Record<string, JsonSchema>>;
    readonly body: JsonSchema | undefined;
    readonly responses: Readonly<Record<number, JsonSchema | string>>;
  };
  /** The record types its schemas name, where they stand (not those nested in them). */
  readonly recordTypes: readonly DeclaredRecordType[];
}

/** A view set's operations: its name (the changelog's `<ViewSet>.<action>`), the documents' tag, and each action's operation. */
export interface OperationSet {
  readonly viewSet: string;
  readonly tag: string;
  readonly operations: readonly DeclaredOperation[];
}

/** The token the composition root binds an API's operation sets to. */
export const OPERATION_SETS = Symbol.for('OperationSets');

/**
 * The operations of one view set, each by its action name, checked as declared (a JavaScript declaration has no types
 * to catch a mistake): a wrong one refuses the start, naming the view set, the action and what to write instead.
 */
export function defineOperations(
  viewSet: string,
  declaration: { readonly tag: string; readonly operations: Readonly<Record<string, OperationDeclaration>> },
): OperationSet {
  const problems: string[] = [];
  if (typeof viewSet !== 'string' || viewSet === '') problems.push('its view set has no name');
  if (typeof declaration?.tag !== 'string' || declaration.tag === '') problems.push('it has no tag');
  const operations = Object.entries(declaration?.operations ?? {}).map(([action, operation]): DeclaredOperation => {
    const wrong = operationProblems(action, operation);
    problems.push(...wrong.map((problem) => `${action}: ${problem}`));
    const recordTypes: DeclaredRecordType[] = [];
    const each = (schemas: Readonly<Record<string, SchemaWithTypes | string>> | undefined): Record<string, JsonSchema | string> =>
      Object.fromEntries(
        Object.entries(schemas ?? {}).map(([name, schema]) => [name, typeof schema === 'string' ? schema : withRefs(schema, recordTypes)]),
      );
    const ready = wrong.length === 0;
    return Object.freeze({
      ...operation,
      action,
      operationId: operation?.operationId ?? `${action}${String(viewSet).replace(/ViewSet$/, '')}`,
      schemas: {
        params: ready ? (each(operation.params) as Record<string, JsonSchema>) : {},
        query: ready ? (each(operation.query) as Record<string, JsonSchema>) : {},
        body: ready && operation.body !== undefined ? withRefs(operation.body, recordTypes) : undefined,
        responses: ready ? each(operation.responses as Record<string, SchemaWithTypes | string>) : {},
      },
      recordTypes,
    });
  });
  if (operations.length === 0) problems.push('it declares no operation');
  if (problems.length > 0) throw new StartupError(`operations of ${JSON.stringify(viewSet)}: ${problems.join('; ')}`);
  return Object.freeze({ viewSet, tag: declaration.tag, operations: Object.freeze(operations) });
}

/** A path's `{name}` segments, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((match) => match[1] as string);
}

const PATH = /^\/([A-Za-z0-9._~-]+\/|\{[A-Za-z_][A-Za-z0-9_]*\}\/)*([A-Za-z0-9._~-]+|\{[A-Za-z_][A-Za-z0-9_]*\})?$/;

function operationProblems(action: string, operation: OperationDeclaration | undefined): string[] {
  if (typeof operation !== 'object' || operation === null) return ['it is not an operation { method, path, summary, responses, handler }'];
  const problems: string[] = [];
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(action)) problems.push('an action is named by letters, digits and _, such as "pay"');
  if (!(OPERATION_METHODS as readonly string[]).includes(operation.method))
    problems.push(`its method ${JSON.stringify(operation.method)} is not one of ${OPERATION_METHODS.join(', ')}`);
  if (typeof operation.path !== 'string' || !PATH.test(operation.path))
    problems.push(`its path ${JSON.stringify(operation.path)} is not a path such as "/invoices/{id}/pay", each {name} a whole segment`);
  else {
    const named = pathParameterNames(operation.path);
    const declared = Object.keys(operation.params ?? {});
    if (new Set(named).size !== named.length) problems.push(`its path names a parameter twice`);
    const missing = named.filter((name) => !declared.includes(name));
    const extra = declared.filter((name) => !named.includes(name));
    if (missing.length > 0) problems.push(`params declares no schema for ${missing.map((name) => `{${name}}`).join(', ')}`);
    if (extra.length > 0) problems.push(`params declares ${extra.join(', ')}, which its path does not name`);
  }
  if (typeof operation.summary !== 'string' || operation.summary === '') problems.push('it has no summary');
  if (typeof operation.handler !== 'function') problems.push('its handler is not a function');
  if (operation.body !== undefined && (operation.method === 'GET' || operation.method === 'DELETE'))
    problems.push(`a ${operation.method} takes no body; leave body out`);
  const statuses = Object.keys(operation.responses ?? {});
  if (statuses.length === 0) problems.push('it declares no response');
  for (const status of statuses) {
    const code = Number(status);
    const answer = (operation.responses as Record<string, unknown>)[status];
    if (!Number.isInteger(code) || code < 200 || code > 499 || (code >= 300 && code < 400))
      problems.push(`its response ${status} is not a success (200 to 299) or a refusal (400 to 499)`);
    else if (code >= 400 && typeof answer !== 'string') problems.push(`its response ${status} is a refusal: give the text saying when`);
    else if (code < 400 && typeof answer !== 'string' && (typeof answer !== 'object' || answer === null))
      problems.push(`its response ${status} is neither a schema nor a text`);
  }
  if (statuses.length > 0 && !statuses.some((status) => Number(status) >= 200 && Number(status) < 300)) problems.push('it declares no success (2xx)');
  return problems;
}

/** An answer with its own status, body and headers: `reply(201, invoice, { Location: … })`. */
export function reply(status: number, body?: JsonValue, headers?: Readonly<Record<string, string>>): Reply {
  return new Reply(status, body, headers);
}

/** A refusal of the handler's own, 400 to 499, with a code of its own and a sentence for the client: `refuse(409, 'not_open', …)`. */
export function refuse(status: number, code: string, detail: string): HandlerRefusal {
  if (!Number.isInteger(status) || status < 400 || status > 499) throw new RangeError(`refuse: the status ${status} is not from 400 to 499`);
  if (typeof code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(code)) throw new RangeError(`refuse: the code ${JSON.stringify(code)} is not snake_case`);
  return new HandlerRefusal(status, code, String(detail));
}
