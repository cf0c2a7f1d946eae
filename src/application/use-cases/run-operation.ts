import { selfContained, requestForm } from '../../domain/versioning/body-schema.js';
import type { CalendarDate } from '../../domain/records/calendar-date.js';
import type { JsonSchema } from '../../domain/versioning/json-schema.js';
import type { JsonValue } from '../../domain/versioning/representation.js';
import type { RequestContext } from '../../domain/versioning/request-context.js';
import type { Version } from '../../domain/versioning/version.js';
import type { VersionModel } from '../../domain/versioning/version-model.js';
import { InvalidBodyError } from '../errors/refusals.js';
import type { SchemaChecks, SchemaProblem } from '../ports/schema-checks.js';
import { listed } from './record-write.js';

type Check = (value: unknown) => readonly SchemaProblem[];

/** The parts of the version model an operation reads. */
export type OperationModel = Pick<VersionModel, 'versions' | 'isAvailable' | 'hasEnd' | 'schemaOf' | 'typesIn' | 'representValue' | 'upgradeValue'>;

/**
 * What the layer does around an operation of the team's own (Cadwyn's double validation, for any body): whether it
 * exists at a version (R1 to R3), its body checked at the request's version, upgraded to the newest shape, checked
 * again; and any value it answers walked back to the request's version, each record type where it appears.
 */
export class RunOperation {
  /** The body's check at each version the operation exists at, by the version's text; every schema compiled once, at start. */
  readonly #atVersion = new Map<string, Check>();
  readonly #newest: Check | undefined;
  readonly #newestVersion: string;

  constructor(
    private readonly model: OperationModel,
    checks: SchemaChecks,
    readonly viewSet: string,
    readonly action: string,
    readonly body: JsonSchema | undefined,
  ) {
    this.#newestVersion = (model.versions[0] as Version).toString();
    if (body === undefined) return;
    const names = model.typesIn(body);
    const compile = (version: Version): Check => {
      const schema = selfContained(requestForm(body) as JsonSchema, names, (name) => requestForm(this.#schemaOf(name, version)) as JsonSchema);
      try {
        return checks.compile(schema);
      } catch (error) {
        throw new Error(`the body of ${this.unit} at ${version.toString()} has a schema no validator takes: ${(error as Error).message}`, {
          cause: error,
        });
      }
    };
    for (const version of model.versions) if (this.isAvailableAt(version)) this.#atVersion.set(version.toString(), compile(version));
    this.#newest = compile(model.versions[0] as Version);
  }

  /** `ViewSet.action`, as the changelog names it. */
  get unit(): string {
    return `${this.viewSet}.${this.action}`;
  }

  isAvailableAt(version: Version): boolean {
    return this.model.isAvailable(this.viewSet, this.action, version);
  }

  hasEnd(): boolean {
    return this.model.hasEnd(this.viewSet, this.action);
  }

  /** The body sent at `version`, in the newest shape; or the refusal naming what does not fit, at its version or once upgraded. */
  takeBody(version: Version, today: CalendarDate, body: unknown): JsonValue | InvalidBodyError {
    const problems = (this.#atVersion.get(version.toString()) as Check)(body);
    if (problems.length > 0) return new InvalidBodyError(`The body does not fit ${this.unit} at version ${version.toString()}: ${listed(problems)}.`);
    const upgraded = this.model.upgradeValue(this.body as JsonSchema, body as JsonValue, { version, today });
    // At the newest version the body was checked against the newest shape already, and no change upgrades it.
    const unfit = (this.#newest as Check)(upgraded);
    if (unfit.length === 0) return upgraded;
    return new InvalidBodyError(
      `The body, upgraded from version ${version.toString()} to ${this.#newestVersion}, does not fit ${this.unit}: ${listed(unfit)}.`,
    );
  }

  /** A value of `schema` in the newest shape, as the request's version shows it. */
  represent(schema: JsonSchema, value: JsonValue, context: RequestContext): JsonValue {
    return this.model.representValue(schema, value, context);
  }

  #schemaOf(name: string, version: Version): JsonSchema {
    // The model knows a record type by its name.
    return this.model.schemaOf({ name }, version);
  }
}
