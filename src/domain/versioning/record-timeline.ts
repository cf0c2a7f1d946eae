import type { JsonSchema } from './json-schema.js';
import { refPositions, type RefPosition } from './record-refs.js';
import type { Transform } from './transform.js';
import type { TypeHistory } from './type-history.js';
import type { Version } from './version.js';

/**
 * Every record type's schema and own changes at each version of the history, and the types whose values change at
 * each version (their own changes, or a nested type's): what the walks are compiled from, read once at start.
 */
export class RecordTimeline {
  /** Newest first. */
  readonly #versions: readonly Version[];
  readonly #index = new Map<string, number>();
  readonly #histories: ReadonlyMap<string, TypeHistory>;
  /** Each type's own transforms at each version that has some, by `name version`. */
  readonly #own = new Map<string, readonly Transform<unknown>[]>();
  /** Each type's schema at each version (newest first), as its own changes walk it back. */
  readonly #schemas = new Map<string, readonly JsonSchema[]>();
  /** At each version, the types whose values change there: their own changes, or a nested type's. */
  readonly #changing: readonly ReadonlySet<string>[];
  readonly #positions = new WeakMap<JsonSchema, readonly RefPosition[]>();

  constructor(versions: readonly Version[], histories: readonly TypeHistory[]) {
    this.#versions = versions;
    versions.forEach((version, index) => this.#index.set(version.toString(), index));
    this.#histories = new Map(histories.map((history) => [history.name, history]));
    for (const { name, steps } of histories) for (const step of steps) this.#own.set(`${name} ${step.version.toString()}`, step.transforms);
    for (const history of histories) this.#schemas.set(history.name, this.#schemasOf(history));
    this.#changing = versions.map((_, index) => this.#changingAt(index));
  }

  /** Where the version stands in the history, newest first. */
  indexOf(version: Version): number {
    const index = this.#index.get(version.toString());
    if (index === undefined) throw new Error(`version ${version.toString()} is not in the history`);
    return index;
  }

  /** The type's schema at the version of `index`; one past the oldest, its schema just before the oldest. */
  schemaAt(name: string, index: number): JsonSchema {
    return (this.#schemas.get(name) as readonly JsonSchema[])[index] as JsonSchema;
  }

  /** The type's own transforms at the version of `index`, in the order they downgrade; undefined when it has none there. */
  ownAt(name: string, index: number): readonly Transform<unknown>[] | undefined {
    return this.#own.get(`${name} ${(this.#versions[index] as Version).toString()}`);
  }

  /** Whether values of the type `name` change at the version of `index`. */
  changesAt(index: number, name: string): boolean {
    return this.#changing[index]?.has(name) === true;
  }

  /** The places in `schema` where a record type of the history appears; read once per schema. */
  positionsOf(schema: JsonSchema): readonly RefPosition[] {
    let positions = this.#positions.get(schema);
    if (positions === undefined) {
      positions = refPositions(schema).filter(({ name }) => this.#histories.has(name));
      this.#positions.set(schema, positions);
    }
    return positions;
  }

  /** The names of the record types a schema holds, at any depth of types nested in types, at any version. */
  reachableFrom(schema: JsonSchema): ReadonlySet<string> {
    const reached = new Set<string>();
    const visit = (within: JsonSchema): void => {
      for (const { name } of this.positionsOf(within)) {
        if (reached.has(name) || !this.#histories.has(name)) continue;
        reached.add(name);
        for (const at of new Set(this.#schemas.get(name))) visit(at);
      }
    };
    visit(schema);
    return reached;
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
      held: this.positionsOf(this.schemaAt(name, index + 1)).map((position) => position.name),
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
}
