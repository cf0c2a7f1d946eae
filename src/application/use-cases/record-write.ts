import type { CalendarDate } from '../../domain/records/calendar-date.js';
import { InvalidRecordError } from '../../domain/records/invalid-record-error.js';
import { Refusal } from '../../domain/errors/refusal.js';
import { propertiesOf, requiredOf, withoutProperty, type JsonSchema } from '../../domain/versioning/json-schema.js';
import type { AnyRecordCollection } from '../../domain/versioning/record-collection.js';
import type { Representation } from '../../domain/versioning/representation.js';
import type { RecordType } from '../../domain/versioning/record-type.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import type { Awaitable } from '../ports/awaitable.js';
import type { RecordRepository } from '../ports/record-repository.js';
import type { RecordWriter } from '../ports/record-writer.js';
import type { SchemaChecks, SchemaProblem } from '../ports/schema-checks.js';
import { InvalidBodyError } from '../errors/refusals.js';
import { RecordAction } from './record-action.js';

/** What a write takes: the version it is sent at, the service's date, and the JSON body as sent, in that version's shape. */
export interface WriteInput {
  readonly version: Version;
  readonly today: CalendarDate;
  readonly body: unknown;
}

/** Problems named in one refusal at most; the rest are counted. */
const NAMED_AT_MOST = 5;

type Check = (value: unknown) => readonly SchemaProblem[];

/**
 * A write of a collection (Cadwyn's double validation): the body is checked against its version's schema, upgraded
 * oldest change first by each change's `upgradeRequest`, checked against the newest shape, then made a record by the
 * collection's `parse`. Each refusal is an InvalidBodyError naming the field, the rule and the version.
 */
export abstract class RecordWrite<R extends { readonly id: number }> extends RecordAction<R> {
  /** The body's check at each version, by its text; every schema compiled once, at start. */
  readonly #atVersion = new Map<string, { readonly schema: JsonSchema; readonly check: Check }>();
  /** The newest shape's check, of what the upgraded body must fit. */
  protected readonly newest: Check;
  readonly #newestVersion: string;

  constructor(
    protected readonly versions: Pick<VersionModel, 'isAvailable' | 'hasEnd' | 'represent' | 'upgradeRequest' | 'schemaOf' | 'versions'>,
    repository: RecordRepository<R>,
    protected readonly writer: RecordWriter<R>,
    protected readonly collection: AnyRecordCollection,
    checks: SchemaChecks,
  ) {
    super(versions, versions, repository, collection.viewSet, collection.head.key as RecordType<R>);
    const compile = (schema: JsonSchema, where: string): Check => {
      try {
        return checks.compile(schema);
      } catch (error) {
        throw new Error(`the ${this.action} body of ${collection.name} at ${where} has a schema no validator takes: ${(error as Error).message}`, {
          cause: error,
        });
      }
    };
    for (const version of versions.versions) {
      if (!this.isAvailableAt(version)) continue;
      const schema = this.bodyOf(versions.schemaOf(collection.head.key, version));
      this.#atVersion.set(version.toString(), { schema, check: compile(schema, version.toString()) });
    }
    this.#newestVersion = (versions.versions[0] as Version).toString();
    this.newest = compile(this.newestOf(collection.head.schema), `${this.#newestVersion}, the newest shape`);
  }

  /** The JSON Schema of the body at `version`, as its OpenAPI document publishes it. */
  bodySchema(version: Version): JsonSchema {
    return (this.#atVersion.get(version.toString()) as { schema: JsonSchema }).schema;
  }

  /** The body's schema made from the record's schema at a version. */
  protected abstract bodyOf(recordSchema: JsonSchema): JsonSchema;
  /** What the upgraded body (or the record it makes) must fit, made from the newest record schema. */
  protected abstract newestOf(recordSchema: JsonSchema): JsonSchema;

  /** The body in the newest shape: checked at its version, upgraded; or the refusal naming what does not fit. */
  protected upgrade({ version, today, body }: WriteInput): Representation | InvalidBodyError {
    const { check } = this.#atVersion.get(version.toString()) as { check: Check };
    const problems = check(body);
    if (problems.length > 0)
      return new InvalidBodyError(`The body does not fit ${this.recordType.name} at version ${version.toString()}: ${listed(problems)}.`);
    return this.versions.upgradeRequest(this.recordType, body as Representation, { version, today });
  }

  /** The refusal of a value upgraded from `version` that does not fit the newest shape. */
  protected unfitNewest(version: Version, problems: readonly SchemaProblem[]): InvalidBodyError {
    return new InvalidBodyError(
      `The body, upgraded from version ${version.toString()}${this.#toNewest(version)}, does not fit ${this.recordType.name}: ${listed(problems)}.`,
    );
  }

  /** The record of the newest representation `data`, by the collection's rules; throws InvalidBodyError naming the rule broken. */
  protected parse(data: Representation, version: Version, today: CalendarDate): R {
    try {
      return this.collection.parse(data, today) as unknown as R;
    } catch (error) {
      if (!(error instanceof InvalidRecordError)) throw error;
      const field = error.field === undefined ? 'the record' : `"${error.field}"`;
      throw new InvalidBodyError(
        `The body, upgraded from version ${version.toString()}${this.#toNewest(version)}, breaks a rule of ${this.recordType.name}: ${field} ${error.reason}.`,
      );
    }
  }

  #toNewest(version: Version): string {
    return version.toString() === this.#newestVersion ? '' : ` to ${this.#newestVersion}`;
  }
}

/** A storage call's outcome, or the refusal it threw (InvalidBodyError from `parse`, WritesUnavailableError, DependencyUnavailableError); a fault is thrown on. */
export function refusingWith<T>(call: () => Awaitable<T>): Awaitable<T | Refusal> {
  try {
    const outcome = call();
    return outcome instanceof Promise ? outcome.catch(asRefusal) : outcome;
  } catch (error) {
    return asRefusal(error);
  }
}

function asRefusal(error: unknown): Refusal {
  if (error instanceof Refusal) return error;
  throw error;
}

/** A record schema without `id`, which the storage gives: what a create's body holds. */
export function withoutId(schema: JsonSchema): JsonSchema {
  return withoutProperty(schema, 'id');
}

/** A merge patch's schema: every field optional, at every depth of objects (RFC 7396 merges into them); an optional one also null, which removes it. */
export function patchOf(schema: JsonSchema): JsonSchema {
  return partial(withoutId(schema));
}

function partial(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || schema.properties === undefined) return schema;
  const required = new Set(requiredOf(schema));
  const properties = Object.fromEntries(
    Object.entries(propertiesOf(schema)).map(([name, property]) => [
      name,
      required.has(name) ? partial(property) : { anyOf: [partial(property), { type: 'null' }] },
    ]),
  );
  return { ...schema, properties, required: [] };
}

/** The problems of a value in words, the first few named and the rest counted. */
export function listed(problems: readonly SchemaProblem[]): string {
  const named = problems.slice(0, NAMED_AT_MOST).map(({ field, rule, message }) => `${fieldName(field)} ${message} (${rule})`);
  const more = problems.length > NAMED_AT_MOST ? `; and ${problems.length - NAMED_AT_MOST} more` : '';
  return named.join('; ') + more;
}

/** A JSON pointer in words: `/amount/value` is "amount.value", the empty pointer the body itself. */
function fieldName(pointer: string): string {
  if (pointer === '') return 'the body';
  return `"${pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.')}"`;
}
