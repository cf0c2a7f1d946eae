import { fused } from './fused-transforms.js';
import type { JsonSchema } from './json-schema.js';
import { replaceAt, type RefPosition } from './record-refs.js';
import { RecordTimeline } from './record-timeline.js';
import type { JsonValue, Representation } from './representation.js';
import type { RequestContext } from './request-context.js';
import type { Transform } from './transform.js';
import type { TypeHistory } from './type-history.js';
import type { Version } from './version.js';
import type { Walk } from './walk.js';

type AnyTransform = Transform<unknown>;
type StepDown = (data: JsonValue, context: RequestContext, record: unknown) => JsonValue;
type StepUp = (data: JsonValue, context: RequestContext) => JsonValue;

/** One version's step of one schema: its own transforms, and the places of nested types that change at that version. */
interface Step {
  readonly own: readonly AnyTransform[];
  readonly nested: readonly RefPosition[];
}

const NO_TRANSFORMS: readonly AnyTransform[] = Object.freeze([]);

/**
 * Every record type walked version by version (Stripe renders an embedded resource through its changes wherever it
 * appears): at each version newer than the request's, the type's own changes of that version run, then those of each
 * type nested in it, at the places the type's schema just before that version holds them. Compiled once, at start, in
 * time linear in the history: each version's step of each type is made once, and a request follows the steps.
 */
export class RecordWalks {
  readonly #timeline: RecordTimeline;
  readonly #downs = new Map<string, StepDown>();
  readonly #ups = new Map<string, StepUp>();
  readonly #walks = new Map<string, Walk>();
  readonly #schemaWalks = new WeakMap<JsonSchema, Map<string, Walk>>();

  constructor(versions: readonly Version[], histories: readonly TypeHistory[]) {
    this.#timeline = new RecordTimeline(versions, histories);
  }

  /** The type's schema at the version. */
  schemaAt(name: string, version: Version): JsonSchema {
    return this.#timeline.schemaAt(name, this.#timeline.indexOf(version));
  }

  /** The walk of a value of the record type `name` at the version. */
  ofType(name: string, version: Version): Walk {
    const key = `${name} ${version.toString()}`;
    let walk = this.#walks.get(key);
    if (walk === undefined) {
      walk = this.#walkOf(name, this.#timeline.indexOf(version), (index) => this.#stepOf(name, index));
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
      const positions = this.#timeline.positionsOf(schema);
      walk = this.#walkOf(undefined, this.#timeline.indexOf(version), (index) => ({
        own: NO_TRANSFORMS,
        nested: this.#nestedChanging(positions, index),
      }));
      byVersion.set(version.toString(), walk);
    }
    return walk;
  }

  /** The names of the record types a schema holds, at any depth of types nested in types, at any version. */
  reachableFrom(schema: JsonSchema): ReadonlySet<string> {
    return this.#timeline.reachableFrom(schema);
  }

  #walkOf(name: string | undefined, target: number, stepAt: (index: number) => Step): Walk {
    const indices: number[] = [];
    for (let index = 0; index < target; index += 1) if (name === undefined || this.#timeline.changesAt(index, name)) indices.push(index);
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
    const own = this.#timeline.ownAt(name, index) ?? NO_TRANSFORMS;
    const before = this.#timeline.schemaAt(name, index + 1);
    return { own, nested: this.#nestedChanging(this.#timeline.positionsOf(before), index) };
  }

  #nestedChanging(positions: readonly RefPosition[], index: number): readonly RefPosition[] {
    return positions.filter(({ name }) => this.#timeline.changesAt(index, name));
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
}
