import type { JsonValue } from '../../../domain/versioning/representation.js';
import { freeName, givenName, statusName, type Use } from './component-names.js';
import type { OpenApiDocument } from './api-contracts.js';
import type { Json } from './response-objects.js';

/** The label of the responses of a path the document does not list, where a use names its operation. */
const UNKNOWN_PATH = 'unknownPath';

/** One declaration met in a document: how often, first where, and what it says but its description (for a response). */
interface Met {
  readonly declaration: JsonValue;
  given: string | undefined;
  readonly base: string;
  readonly first: Use;
  uses: number;
  readonly alike: string | undefined;
}

/** The declarations of one kind met in a document, each by its JSON text, and what stands at each place once shared. */
class Declarations {
  readonly #met = new Map<string, Met>();
  /** Of the declarations alike but for their description, by what else they say: the first met, and how often all are used. */
  readonly #alike = new Map<string, { first: string; uses: number }>();
  readonly #names = new Map<string, string>();
  readonly #at = new Map<string, JsonValue>();

  constructor(readonly kind: 'headers' | 'responses' | 'parameters') {}

  /** `alike`: what the declaration says but its description, for a kind whose uses may each say their own. */
  meet(key: string, declaration: JsonValue, given: string | undefined, base: string, use: Use, alike?: string): void {
    const met = this.#met.get(key);
    if (met === undefined) this.#met.set(key, { declaration, given, base, first: use, uses: 1, alike });
    else {
      met.uses += 1;
      met.given ??= given;
    }
    if (alike === undefined) return;
    const group = this.#alike.get(alike);
    if (group === undefined) this.#alike.set(alike, { first: key, uses: 1 });
    else group.uses += 1;
  }

  /**
   * Names each declaration, and answers those met more than once by name, sorted. Of declarations alike but for their
   * description and met twice or more in all, the first met is declared whole, each other one as a `$ref` to it with
   * its own description (OpenAPI 3.1), in components when met twice itself. One met once keeps the name it would
   * have: names go in the order first met, each variant's the same whichever others are shared.
   */
  components(): Json {
    const taken = new Set<string>();
    const components: Json = {};
    const ref = (name: string): Json => ({ $ref: `#/components/${this.kind}/${name}` });
    for (const [key, { declaration, given, base, first, uses, alike }] of this.#met) {
      const name = freeName(given ?? base, first, taken);
      taken.add(name);
      this.#names.set(key, name);
      const group = alike === undefined ? undefined : this.#alike.get(alike);
      const shared = group !== undefined && group.uses > 1;
      if (shared && group.first !== key) {
        const { description } = declaration as Json;
        const variant: Json = { ...ref(this.#names.get(group.first) as string), description: description as JsonValue };
        if (uses > 1) components[name] = variant;
        this.#at.set(key, uses > 1 ? ref(name) : variant);
      } else if (shared || uses > 1) {
        components[name] = declaration;
        this.#at.set(key, ref(name));
      }
    }
    return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** What stands where a declaration was once shared: a `$ref` (with its own description, if alike another), else itself. */
  at(key: string, declaration: JsonValue): JsonValue {
    return this.#at.get(key) ?? declaration;
  }
}

type Responses = Readonly<Record<string, Json>>;

/** The response a use declares: itself in place, else the component its `$ref` names, through a variant to what it is alike. */
function declared(at: Json, components: Json): Json {
  const ref = at.$ref;
  const named = typeof ref === 'string' ? (components[ref.slice(ref.lastIndexOf('/') + 1)] as Json | undefined) : undefined;
  return named === undefined ? at : declared(named, components);
}

const headerKey = (name: string, header: JsonValue): string => `${name}\n${JSON.stringify(header)}`;

/** What a response says but its description, which a `$ref` to a response alike it may say of its own. */
// Every response has its description (OpenAPI requires one).
const alikeKey = ({ description: _description, ...rest }: Json): string => JSON.stringify(rest);

/**
 * `document` with what it declares alike at more than one place declared once: each response, each parameter of an
 * operation, then each header of the responses still written out, met twice or more, moves to `components.responses`,
 * `.parameters` or `.headers`, and each place where it was holds a `$ref` to it; a response alike another but for its
 * description, a `$ref` to it with its own. A component is named as it was made (`named`), else after what it is: a
 * header's or a parameter's name, a response's status (`Vary`, `Api-Version`, `NotAcceptable`); a second one of that
 * name after the use that meets it first. Dereferenced, the document is the one given, key for key.
 */
export function withSharedComponents(document: OpenApiDocument): OpenApiDocument {
  const paths = document.paths as Readonly<Record<string, Readonly<Record<string, Json>>>>;
  const unknownPath = document['x-unknown-path-responses'] as Responses | undefined;
  const operations = Object.values(paths).flatMap((item) => Object.values(item));
  const answers: [string, Responses][] = operations.map((operation) => [operation.operationId as string, operation.responses as Responses]);
  if (unknownPath !== undefined) answers.push([UNKNOWN_PATH, unknownPath]);

  const responses = new Declarations('responses');
  for (const [operation, each] of answers) {
    for (const [status, response] of Object.entries(each)) {
      responses.meet(JSON.stringify(response), response, givenName(response), statusName(status), { operation, status }, alikeKey(response));
    }
  }
  const sharedResponses = responses.components();
  const placed = answers.map(([operation, each]) => ({
    operation,
    at: Object.entries(each).map(([status, response]) => [status, responses.at(JSON.stringify(response), response) as Json] as const),
  }));

  // A header is counted once per response written out (in place, or as the component its uses name), in the document's order.
  const headers = new Declarations('headers');
  const counted = new Set<Json>();
  for (const { operation, at } of placed) {
    for (const [status, use] of at) {
      const response = declared(use, sharedResponses);
      if (counted.has(response)) continue;
      counted.add(response);
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
  const answered = placed.map(({ at }) => Object.fromEntries(at.map(([status, use]) => [status, withHeaderRefs(use)])));

  const parameters = new Declarations('parameters');
  for (const operation of operations) {
    for (const parameter of (operation.parameters ?? []) as Json[]) {
      parameters.meet(JSON.stringify(parameter), parameter, undefined, parameter.name as string, { operation: operation.operationId as string });
    }
  }
  const responseComponents = Object.fromEntries(Object.entries(sharedResponses).map(([name, response]) => [name, withHeaderRefs(response as Json)]));
  const shared: Json = { responses: responseComponents, parameters: parameters.components(), headers: sharedHeaders };

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
