import type { JsonValue } from '../../../domain/versioning/representation.js';
import { freeName, givenName, statusName, type Use } from './component-names.js';
import type { OpenApiDocument } from './api-contracts.js';
import type { Json } from './response-objects.js';

/** The label of the responses of a path the document does not list, where a use names its operation. */
const UNKNOWN_PATH = 'unknownPath';

/** The declarations of one kind met in a document, each by its JSON text: how often, first where, and its name once shared. */
class Declarations {
  readonly #met = new Map<string, { declaration: JsonValue; given: string | undefined; base: string; first: Use; uses: number }>();
  readonly #names = new Map<string, string>();

  constructor(readonly kind: 'headers' | 'responses' | 'parameters') {}

  meet(key: string, declaration: JsonValue, given: string | undefined, base: string, use: Use): void {
    const met = this.#met.get(key);
    if (met === undefined) this.#met.set(key, { declaration, given, base, first: use, uses: 1 });
    else {
      met.uses += 1;
      met.given ??= given;
    }
  }

  /**
   * Names each declaration met more than once, and answers them by name, sorted. One met once keeps the name it
   * would have: names go in the order first met, each variant's the same whichever others are shared.
   */
  components(): Json {
    const taken = new Set<string>();
    const components: Json = {};
    for (const [key, { declaration, given, base, first, uses }] of this.#met) {
      const name = freeName(given ?? base, first, taken);
      taken.add(name);
      if (uses < 2) continue;
      this.#names.set(key, name);
      components[name] = declaration;
    }
    return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** What stands where a declaration was: a `$ref` to its component once shared, else the declaration itself. */
  at(key: string, declaration: JsonValue): JsonValue {
    const name = this.#names.get(key);
    return name === undefined ? declaration : { $ref: `#/components/${this.kind}/${name}` };
  }
}

type Responses = Readonly<Record<string, Json>>;

const headerKey = (name: string, header: JsonValue): string => `${name}\n${JSON.stringify(header)}`;

/**
 * `document` with what it declares alike at more than one place declared once: each header of a response, then each
 * response (its shared headers by `$ref`) and each parameter of an operation, met twice or more, moves to
 * `components.headers`, `.responses` or `.parameters`, and each place where it was holds a `$ref` to it. A component
 * is named as it was made (`named`), else after what it is: a header's or a parameter's name, a response's status
 * (`Vary`, `Api-Version`, `NotAcceptable`); a second one of that name after the use that meets it first.
 * Dereferenced, the document is the one given, key for key.
 */
export function withSharedComponents(document: OpenApiDocument): OpenApiDocument {
  const paths = document.paths as Readonly<Record<string, Readonly<Record<string, Json>>>>;
  const unknownPath = document['x-unknown-path-responses'] as Responses | undefined;
  const operations = Object.values(paths).flatMap((item) => Object.values(item));
  const answers: [string, Responses][] = operations.map((operation) => [operation.operationId as string, operation.responses as Responses]);
  if (unknownPath !== undefined) answers.push([UNKNOWN_PATH, unknownPath]);

  const headers = new Declarations('headers');
  for (const [operation, responses] of answers) {
    for (const [status, response] of Object.entries(responses)) {
      for (const [name, header] of Object.entries((response.headers ?? {}) as Json)) {
        headers.meet(headerKey(name, header), header, givenName(header as Json), name, { operation, status });
      }
    }
  }
  const sharedHeaders = headers.components();
  const withHeaderRefs = (response: Json): Json =>
    response.headers === undefined
      ? response
      : {
          ...response,
          headers: Object.fromEntries(
            Object.entries(response.headers as Json).map(([name, header]) => [name, headers.at(headerKey(name, header), header)]),
          ),
        };

  const responses = new Declarations('responses');
  const parameters = new Declarations('parameters');
  const rewritten = answers.map(([operation, each]) =>
    Object.entries(each).map(([status, response]) => {
      const written = withHeaderRefs(response);
      const key = JSON.stringify(written);
      responses.meet(key, written, givenName(response), statusName(status), { operation, status });
      return { status, key, written };
    }),
  );
  for (const operation of operations) {
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      parameters.meet(JSON.stringify(parameter), parameter, undefined, parameter.name as string, { operation: operation.operationId as string });
    }
  }
  const shared: Json = { responses: responses.components(), parameters: parameters.components(), headers: sharedHeaders };
  const answered = rewritten.map((each) => Object.fromEntries(each.map(({ status, key, written }) => [status, responses.at(key, written)])));

  // The operations in the order `answers` holds their responses, then the unknown path's.
  let index = 0;
  const sharedPaths = Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const written: Json = { ...operation, responses: answered[index++] as Json };
          if (operation.parameters !== undefined) {
            written.parameters = (operation.parameters as Json[]).map((parameter) => parameters.at(JSON.stringify(parameter), parameter));
          }
          return [method, written];
        }),
      ),
    ]),
  );
  const result: Record<string, unknown> = { ...document, paths: sharedPaths };
  if (unknownPath !== undefined) result['x-unknown-path-responses'] = answered[index];
  const components = Object.entries(shared).filter(([, declared]) => Object.keys(declared as Json).length > 0);
  result.components = { ...(document.components as Json), ...Object.fromEntries(components) };
  return result;
}
