import { whenReady, type Awaitable } from '../../../application/ports/awaitable.js';
import type { SchemaChecks } from '../../../application/ports/schema-checks.js';
import { NotFoundError } from '../../../application/errors/refusals.js';
import { RunOperation, type OperationModel } from '../../../application/use-cases/run-operation.js';
import { Refusal } from '../../../domain/errors/refusal.js';
import { StartupError } from '../../../domain/errors/startup-error.js';
import type { JsonSchema } from '../../../domain/versioning/json-schema.js';
import type { JsonValue } from '../../../domain/versioning/representation.js';
import { BadRequestError, HandlerRefusal } from '../request/refusals.js';
import type { RouteOutcome, RouteRequest, RouteResponse } from '../routing/route-request.js';
import type { DeclaredContract, OperationRoute, ServedOperation } from '../routing/operation-route.js';
import { Reply, type DeclaredOperation, type OperationResult, type OperationSet } from './operation-declaration.js';
import { ParameterValues } from './parameter-values.js';
import type { AnswerCache } from '../response/answer-cache.js';

/** An operation of the team's own, as served. */
type Declared = ServedOperation & { readonly contract: DeclaredContract };

/**
 * The routes of the team's operations, a path each (its methods together), every part made once at start: the
 * parameters' and bodies' checks at each version, the walks of each schema. An operation on a path a provider of
 * operations serves (a collection's list or record, `provided`) joins that path, beside its methods; a method declared
 * twice on one path, or a path that differs from another only by its parameters' names, refuses the start naming both
 * (one on a path of the layer's own endpoints is refused by defineApi). The provided paths come first, as given, then
 * the team's own.
 */
export function operationRoutes(
  sets: readonly OperationSet[],
  model: OperationModel,
  checks: SchemaChecks,
  answers: Pick<AnswerCache, 'ofOperation'>,
  provided: readonly OperationRoute[] = [],
): OperationRoute[] {
  const byPattern = new Map<string, { tag: string; operations: Map<string, Declared> }>();
  const byShape = new Map<string, string>(provided.map(({ pattern }) => [shapeOf(pattern), pattern]));
  const problems: string[] = [];
  for (const { viewSet, tag, operations } of sets) {
    for (const declared of operations) {
      const pattern = declared.path.replace(/\{([^{}/]+)\}/g, ':$1');
      const unit = `${viewSet}.${declared.action}`;
      const same = byShape.get(shapeOf(pattern)) ?? pattern;
      byShape.set(shapeOf(pattern), same);
      if (same !== pattern) {
        problems.push(`${unit}: ${declared.method} ${declared.path} is the path ${templateOf(same)}: name its parameters as that one does`);
        continue;
      }
      const path = byPattern.get(pattern) ?? { tag, operations: new Map<string, Declared>() };
      byPattern.set(pattern, path);
      const other = path.operations.get(declared.method) ?? provided.find((route) => route.pattern === pattern)?.operations.get(declared.method);
      if (other !== undefined) {
        problems.push(
          `${unit}: ${declared.method} ${declared.path} is declared by ${other.contract.serves.viewSet}.${other.contract.serves.action} too; declare it once`,
        );
        continue;
      }
      path.operations.set(declared.method, servedOperation(viewSet, tag, declared, model, checks, answers));
    }
  }
  if (problems.length > 0) throw new StartupError(`operations: ${problems.join('; ')}`);
  const joined = provided.map((route) => {
    const joining = byPattern.get(route.pattern);
    byPattern.delete(route.pattern);
    return joining === undefined ? route : joinedPath(route, joining.operations);
  });
  const own = [...byPattern].map(([pattern, { tag, operations }]): OperationRoute => {
    const all = [...operations.values()];
    const first = all[0] as Declared;
    return {
      pattern,
      queryParameters: [...new Set(all.flatMap(({ contract }) => Object.keys(contract.query)))],
      operations,
      contract: {
        operationId: first.contract.operationId,
        summary: first.contract.summary,
        tag,
        body: { kind: 'operations' },
        availableAt: (version) => all.some(({ contract }) => contract.availableAt(version)),
        ends: all.every(({ contract }) => contract.ends),
      },
    };
  });
  return [...joined, ...own];
}

/** A path with its parameters' names left out: `/invoices/:/`, which two patterns match alike. */
const shapeOf = (pattern: string): string => pattern.replace(/:[^/]+/g, ':');
const templateOf = (pattern: string): string => pattern.replace(/:([^/]+)/g, '{$1}');

/**
 * A provider's path with the team's operations beside its own; its own operations refuse a query parameter only the
 * team's read, as they refuse any they do not read. The path's contract stays the provider's.
 */
function joinedPath(route: OperationRoute, declared: ReadonlyMap<string, Declared>): OperationRoute {
  const read = new Set(route.queryParameters ?? []);
  const added = [...declared.values()].flatMap(({ contract }) => Object.keys(contract.query)).filter((name) => !read.has(name));
  const guarded = (operation: ServedOperation): ServedOperation =>
    added.length === 0
      ? operation
      : {
          ...operation,
          handle: (request, body, idempotencyKey) =>
            unreadQuery(operation.method, request.query, read) ?? operation.handle(request, body, idempotencyKey),
        };
  return {
    ...route,
    queryParameters: [...read, ...new Set(added)],
    operations: new Map([...[...route.operations].map(([method, operation]) => [method, guarded(operation)] as const), ...declared]),
  };
}

/** The 400 of a query parameter an operation does not read (though another on its path does); undefined when it reads them all. */
function unreadQuery(method: string, sent: URLSearchParams, read: ReadonlySet<string>): BadRequestError | undefined {
  if (sent.size === 0) return undefined;
  const unknown = [...new Set(sent.keys())].filter((name) => !read.has(name));
  return unknown.length === 0
    ? undefined
    : new BadRequestError(`${method} does not read the query parameter ${unknown.map((name) => `"${name}"`).join(', ')} here.`);
}

function servedOperation(
  viewSet: string,
  tag: string,
  declared: DeclaredOperation,
  model: OperationModel,
  checks: SchemaChecks,
  answers: Pick<AnswerCache, 'ofOperation'>,
): Declared {
  const { params, query, body, responses } = declared.schemas;
  const run = new RunOperation(model, checks, viewSet, declared.action, body);
  const pathValues = new ParameterValues('path', params, checks, run.unit, model);
  const queryValues = new ParameterValues('query', query, checks, run.unit, model);
  const successes = Object.keys(responses).filter((status) => Number(status) < 400);
  const only = successes.length === 1 ? Number(successes[0]) : undefined;
  const contract: DeclaredContract = {
    kind: 'declared',
    operationId: declared.operationId,
    summary: declared.summary,
    description: declared.description,
    tag,
    serves: { viewSet, action: declared.action },
    params,
    query,
    body,
    responses,
    recordTypes: new Set(
      [...Object.values(params), ...Object.values(query), ...(body === undefined ? [] : [body]), ...Object.values(responses)].flatMap((schema) =>
        typeof schema === 'string' ? [] : [...model.typesIn(schema)],
      ),
    ),
    availableAt: (version) => run.isAvailableAt(version),
    ends: run.hasEnd(),
  };
  const read = new Set(queryValues.names);
  // A GET's 200, kept by the answer cache: its bytes made once, which carry its ETag.
  const kept = declared.method === 'GET' ? answers.ofOperation() : undefined;
  const represent200 = (value: JsonValue, request: RouteRequest): JsonValue => run.represent(responses[200] as JsonSchema, value, request);
  const targetOf = ({ path, query }: RouteRequest): string => (query.size === 0 ? path : `${path}?${query.toString()}`);

  /** The handler's answer, walked back to the request's version by the schema of the status it answers with. */
  const answer = (result: OperationResult, request: RouteRequest): RouteOutcome => {
    if (result instanceof HandlerRefusal) return result;
    const status = result instanceof Reply ? result.status : only;
    if (status === undefined)
      throw new Error(`the handler of ${run.unit} returned a bare body, but ${run.unit} declares several successes: return reply(status, body)`);
    const schema = responses[status];
    if (schema === undefined || status >= 400)
      throw new Error(`the handler of ${run.unit} answered ${status}, which is not one of its declared successes (${successes.join(', ')})`);
    const value = result instanceof Reply ? result.body : result;
    const sent =
      typeof schema === 'string' || value === undefined
        ? undefined
        : status === 200 && kept !== undefined
          ? kept.answer(value, targetOf(request), request, represent200)
          : run.represent(schema, value, request);
    const plain: RouteResponse = status === 200 ? { body: sent } : { status, body: sent };
    if (!(result instanceof Reply)) return plain;
    const headers = locatedBelow(request.base, result.headers);
    return Object.keys(headers).length === 0 ? plain : { ...plain, headers };
  };

  return {
    method: declared.method,
    contract,
    takesBody: body !== undefined,
    handle: (request: RouteRequest, sentBody: unknown): Awaitable<RouteOutcome> => {
      const { version, today, client } = request;
      if (!run.isAvailableAt(version)) return new NotFoundError('hidden');
      const unread = unreadQuery(declared.method, request.query, read);
      if (unread !== undefined) return unread;
      const pathParams = pathValues.ofPath(request.params, request);
      if (pathParams instanceof Refusal) return pathParams;
      const queryParams = queryValues.ofQuery(request.query, request);
      if (queryParams instanceof Refusal) return queryParams;
      const newest = body === undefined ? undefined : run.takeBody(version, today, sentBody);
      if (newest instanceof Refusal) return newest;
      const result = declared.handler({
        params: pathParams,
        query: queryParams,
        body: newest,
        version: version.toString(),
        client: client?.name,
        today: today.toString(),
      });
      return whenReady(result, answer, request);
    },
  };
}

/** A handler's Location names a path of the API, as its operations' paths do: under a mount, a path below the base. */
function locatedBelow(base: string, headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const location = headers.Location;
  return base === '' || location === undefined || !PATH_ABSOLUTE.test(location) ? headers : { ...headers, Location: `${base}${location}` };
}

/** `/invoices/inv_1/`, not `//host/…` nor `https://…`. */
const PATH_ABSOLUTE = /^\/(?!\/)/;
