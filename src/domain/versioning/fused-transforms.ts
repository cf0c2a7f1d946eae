import { AddField } from './add-field.js';
import type { JsonValue, Representation } from './representation.js';
import type { Transform } from './transform.js';
import type { RunTransform } from './walk.js';

/**
 * `transforms` with each run of added fields (AddField, which drops its field on the way down and leaves input as it
 * is) made one transform that drops them all in one copy: a history adding a field a version costs one copy of a
 * record at the oldest version, not one per version.
 */
export function fused(transforms: readonly Transform<unknown>[]): RunTransform[] {
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
