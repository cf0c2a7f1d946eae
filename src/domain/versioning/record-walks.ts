import type { JsonSchema } from './json-schema.js';
import { refPositions, replaceAt, type RefPosition } from './record-refs.js';
import type { JsonValue, Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { Transform } from './transform.js';
import type { Version } from './version.js';
import { AddField } from './add-field.js';

type AnyTransform = Transform<unknown>;
/** What a request runs of a transform: its data, never its schema. */
export type RunTransform = Pick<AnyTransform, 'downgradeResponse' | 'upgradeRequest'>;

/** One record type's own changes of one version, in the order they downgrade, and its schema just before that version. */
export interface OwnStep {
  readonly version: Version;
  readonly transforms: readonly AnyTransform[];
  readonly before: JsonSchema;
}

/** A record type's history: its newest schema and its own changes, newest version first. */
export interface TypeHistory {
  readonly name: string;
  readonly head: JsonSchema;
  readonly steps: readonly OwnStep[];
}

/** How a value of one schema is walked between the newest shape and one version's, the types nested in it included. */
export interface Walk {
  /** Set when no type nested in the value changes between the two: the value's own transforms, newest first, all there is to run. */
  readonly flat: readonly RunTransform[] | undefined;
  /** Newest shape to the version's; `record` is what the top-level transforms are given (a nested record is given its data). */
  down(data: JsonValue, context: RequestContext, record: unknown): JsonValue;
  /** The version's shape to the newest. */
  up(data: JsonValue, context: RequestContext): JsonValue;
}

type StepDown = (data: JsonValue, context: RequestContext, record: unknown) => JsonValue;
type StepUp = (data: JsonValue, context: RequestContext) => JsonValue;

/** One version's step of one schema: its own transforms, and the places of nested types that change at that version. */
interface Step {
  readonly own: readonly AnyTransform[];
  readonly nested: readonly RefPosition[];
}

const NO_TRANSFORMS: readonly AnyTransform[] = Object.freeze([]);

/**
 * `transforms` with each run of added fields (AddField, which drops its field on the way down and leaves input as it
 * is) made one transform that drops them all in one copy: a history adding a field a version costs one copy of a
 * record at the oldest version, not one per version.
 */
function fused(transforms: readonly AnyTransform[]): RunTransform[] {
  const result: RunTransform[] = [];
  let run: AddField[] = [];
  const close = (): void => {
    if (run.length === 1) result.push(run[0] as AddField);
    else if (run.length > 1) result.push(new WithoutFields(run.map(({ fieldName }) => fieldName)));
    run = [];
  };
  for (const transform of transforms) {
    if (transform instanceof AddField) run.push(transform);
    else {
      close();
      result.push(transform);
    }
  }
  close();
  return result;
}

/** Several added fields, dropped at once on the way down; input needs nothing. */
class WithoutFields implements RunTransform {
  readonly #names: ReadonlySet<string>;

  constructor(names: readonly string[]) {
    this.#names = new Set(names);
  }

  downgradeResponse(data: Representation): Representation {
    const kept: Record<string, JsonValue> = {};
    let dropped = false;
    for (const key of Object.keys(data)) {
      if (this.#names.has(key)) dropped = true;
      else kept[key] = data[key] as JsonValue;
    }
    return dropped ? kept : data;
  }
}

/**
 * Every record type walked version by version (Stripe renders an embedded resource through its changes wherever it
 * appears): at each version newer than the request's, the type's own changes of that version run, then those of each
 * type nested in it, at the places the type's schema just before that version holds them. Compiled once, at start, in
 * time linear in the history: each version's step of each type is made once, and a request follows the steps.
 */
export class RecordWalks {
  /** Newest first. */
  readonly #versions: readonly Version[];
  readonly #index = new Map<string, number>();
  readonly #histories: ReadonlyMap<string, TypeHistory>;
  /** Each type's own transforms at each version that has some, by `name version`. */
  readonly #own = new Map<string, readonly AnyTransform[]>();
  /** Each type's schema at each version (newest first), as its own changes walk it back. */
  readonly #schemas = new Map<string, readonly JsonSchema[]>();
  /** At each version, the types whose values change there: their own changes, or a nested type's. */
  readonly #changing: readonly ReadonlySet<string>[];
  readonly #positions = new WeakMap<JsonSchema, readonly RefPosition[]>();
  readonly #downs = new Map<string, StepDown>();
  readonly #ups = new Map<string, StepUp>();
  readonly #walks = new Map<string, Walk>();
  readonly #schemaWalks = new WeakMap<JsonSchema, Map<string, Walk>>();

  constructor(versions: readonly Version[], histories: readonly TypeHistory[]) {
    this.#versions = versions;
    versions.forEach((version, index) => this.#index.set(version.toString(), index));
    this.#histories = new Map(histories.map((history) => [history.name, history]));
    for (const { name, steps } of histories) for (const step of steps) this.#own.set(`${name} ${step.version.toString()}`, step.transforms);
    for (const history of histories) this.#schemas.set(history.name, this.#schemasOf(history));
    this.#changing = versions.map((_, index) => this.#changingAt(index));
  }

  /** The type's schema at the version. */
  schemaAt(name: string, version: Version): JsonSchema {
    return (this.#schemas.get(name) as readonly JsonSchema[])[this.#indexOf(version)] as JsonSchema;
  }

  /** The walk of a value of the record type `name` at the version. */
  ofType(name: string, version: Version): Walk {
    const key = `${name} ${version.toString()}`;
    let walk = this.#walks.get(key);
    if (walk === undefined) {
      walk = this.#walkOf(name, this.#indexOf(version), (index) => this.#stepOf(name, index));
      this.#walks.set(key, walk);
    }
    return walk;
  }

  /** The walk of a value of any schema (a body holding record types), which has no changes of its own, at the version; made once per schema and version. */
  ofSchema(schema: JsonSchema, version: Version): Walk {
    let byVersion = this.#schemaWalks.get(schema);
    if (byVersion === undefined) {
      byVersion = new Map();
      this.#schemaWalks.set(schema, byVersion);
    }
    let walk = byVersion.get(version.toString());
    if (walk === undefined) {
      const positions = this.#positionsOf(schema);
      walk = this.#walkOf(undefined, this.#indexOf(version), (index) => ({ own: NO_TRANSFORMS, nested: this.#nestedChanging(positions, index) }));
      byVersion.set(version.toString(), walk);
    }
    return walk;
  }

  /** The names of the record types a schema holds, at any depth of types nested in types, at any version. */
  reachableFrom(schema: JsonSchema): ReadonlySet<string> {
    const reached = new Set<string>();
    const visit = (within: JsonSchema): void => {
      for (const { name } of this.#positionsOf(within)) {
        if (reached.has(name) || !this.#histories.has(name)) continue;
        reached.add(name);
        for (const at of new Set(this.#schemas.get(name))) visit(at);
      }
    };
    visit(schema);
    return reached;
  }

  #indexOf(version: Version): number {
    const index = this.#index.get(version.toString());
    if (index === undefined) throw new Error(`version ${version.toString()} is not in the history`);
    return index;
  }

  #walkOf(name: string | undefined, target: number, stepAt: (index: number) => Step): Walk {
    const indices: number[] = [];
    for (let index = 0; index < target; index += 1) if (name === undefined || this.#changing[index]?.has(name) === true) indices.push(index);
    const steps = indices.map(stepAt);
    const active = indices.flatMap((index, at) => {
      const step = steps[at] as Step;
      return step.own.length === 0 && step.nested.length === 0 ? [] : [{ index, step }];
    });
    if (active.every(({ step }) => step.nested.length === 0)) {
      const transforms = fused(active.flatMap(({ step }) => step.own));
      return {
        flat: transforms,
        down: (data, context, record) =>
          transforms.reduce((value, transform) => transform.downgradeResponse(value as Representation, context, record), data),
        up: (data, context) =>
          transforms.reduceRight(
            (value, transform) => (transform.upgradeRequest === undefined ? value : transform.upgradeRequest(value as Representation, context)),
            data,
          ),
      };
    }
    const downs = active.map(({ index, step }) => this.#downOf(step, index));
    const ups = active.map(({ index, step }) => this.#upOf(step, index)).reverse();
    return {
      flat: undefined,
      down: (data, context, record) => downs.reduce((value, down) => down(value, context, record), data),
      up: (data, context) => ups.reduce((value, up) => up(value, context), data),
    };
  }

  /** One version's step of the type `name`: its own changes there, and the nested types that change there at their places. */
  #stepOf(name: string, index: number): Step {
    const own = this.#own.get(`${name} ${(this.#versions[index] as Version).toString()}`) ?? NO_TRANSFORMS;
    const before = (this.#schemas.get(name) as readonly JsonSchema[])[index + 1] as JsonSchema;
    return { own, nested: this.#nestedChanging(this.#positionsOf(before), index) };
  }

  #nestedChanging(positions: readonly RefPosition[], index: number): readonly RefPosition[] {
    return positions.filter(({ name }) => this.#changing[index]?.has(name) === true);
  }

  /** The step down of one version, the nested types' own steps of that version made once and shared by every place. */
  #downOf({ own, nested }: Step, index: number): StepDown {
    const places = nested.map(({ path, name }) => ({
      path,
      down: (value: JsonValue, context: RequestContext) => this.#typeDown(name, index)(value, context, value),
    }));
    return (data, context, record) => {
      let value = data;
      for (const transform of own) value = transform.downgradeResponse(value as Representation, context, record);
      for (const { path, down } of places) value = replaceAt(value, path, 0, (inner) => down(inner, context));
      return value;
    };
  }

  #upOf({ own, nested }: Step, index: number): StepUp {
    const places = nested.map(({ path, name }) => ({
      path,
      up: (value: JsonValue, context: RequestContext) => this.#typeUp(name, index)(value, context),
    }));
    const upgrades = own.filter((transform) => transform.upgradeRequest !== undefined).reverse();
    return (data, context) => {
      let value = data;
      for (const { path, up } of places) value = replaceAt(value, path, 0, (inner) => up(inner, context));
      for (const transform of upgrades)
        value = (transform.upgradeRequest as NonNullable<AnyTransform['upgradeRequest']>)(value as Representation, context);
      return value;
    };
  }

  #typeDown(name: string, index: number): StepDown {
    const key = `${name} ${index}`;
    let down = this.#downs.get(key);
    if (down === undefined) {
      // A step finds its nested types' steps when it runs, so a type nested in itself is made once.
      down = this.#downOf(this.#stepOf(name, index), index);
      this.#downs.set(key, down);
    }
    return down;
  }

  #typeUp(name: string, index: number): StepUp {
    const key = `${name} ${index}`;
    let up = this.#ups.get(key);
    if (up === undefined) {
      up = this.#upOf(this.#stepOf(name, index), index);
      this.#ups.set(key, up);
    }
    return up;
  }

  /** The type's schema at each version, newest first: the head, then each version's `before` from its own steps. */
  #schemasOf({ head, steps }: TypeHistory): readonly JsonSchema[] {
    const schemas: JsonSchema[] = [];
    let schema = head;
    let next = 0;
    for (const version of this.#versions) {
      schemas.push(schema);
      const step = steps[next];
      if (step !== undefined && step.version.equals(version)) {
        schema = step.before;
        next += 1;
      }
    }
    // Just before the oldest version: no request is older, so its schema is the oldest one's.
    schemas.push(schema);
    return schemas;
  }

  /** The types whose values change at the version of `index`: those with own changes there, and those holding one. */
  #changingAt(index: number): ReadonlySet<string> {
    const changing = new Set<string>();
    const version = (this.#versions[index] as Version).toString();
    for (const name of this.#histories.keys()) if (this.#own.has(`${name} ${version}`)) changing.add(name);
    if (changing.size === 0) return changing;
    const holders = [...this.#histories.keys()].map((name) => ({
      name,
      held: this.#positionsOf((this.#schemas.get(name) as readonly JsonSchema[])[index + 1] as JsonSchema).map((position) => position.name),
    }));
    let grew = true;
    while (grew) {
      grew = false;
      for (const { name, held } of holders) {
        if (!changing.has(name) && held.some((inner) => changing.has(inner))) {
          changing.add(name);
          grew = true;
        }
      }
    }
    return changing;
  }

  #positionsOf(schema: JsonSchema): readonly RefPosition[] {
    let positions = this.#positions.get(schema);
    if (positions === undefined) {
      positions = refPositions(schema).filter(({ name }) => this.#histories.has(name));
      this.#positions.set(schema, positions);
    }
    return positions;
  }
}
