import type { DeclarationChecker } from './declaration-checker.js';
import { refPositions } from './record-refs.js';
import type { SchemaStep } from './schema-walk.js';
import type { OwnStep, TypeHistory } from './type-history.js';
import type { Version } from './version.js';
import type { AnyRecordHead } from './version-bundle.js';
import type { RecordChange } from './version-declaration.js';

/**
 * Each record type's changes bound to their versions and checked, and its schema walked back through them, by name;
 * each problem is recorded by `check`. A type whose walk failed has no entry.
 */
export function walkedHistories(
  check: DeclarationChecker,
  heads: readonly AnyRecordHead[],
  changes: readonly { readonly version: Version; readonly records: readonly RecordChange[] }[],
): ReadonlyMap<string, readonly SchemaStep[]> {
  check.unique(
    'record type',
    heads.map((head) => head.key.name),
  );
  const steps = new Map<string, readonly SchemaStep[]>();
  for (const head of heads) {
    // Newest version first, and within one the last declared first: changes declared as they happened undo in turn.
    const bound = changes.flatMap(({ version, records }) =>
      records
        .filter((record) => record.recordType === head.key)
        .map(({ transform }) => ({ version, transform }))
        .reverse(),
    );
    for (const transform of bound) check.checkTransform(head.key.name, transform);
    const walked = check.walkSchemas(head, bound);
    if (walked !== undefined) steps.set(head.key.name, walked);
  }
  return steps;
}

/** Each `$ref` of a head's schema to a record type the bundle does not declare is a problem. */
export function checkRefsDeclared(check: DeclarationChecker, heads: readonly AnyRecordHead[]): void {
  const typeNames = new Set(heads.map((head) => head.key.name));
  for (const head of heads) {
    for (const { name } of refPositions(head.schema)) {
      if (!typeNames.has(name))
        check.problems.push(
          `${head.key.name}: its schema refers to ${name}, which is no declared record type; declare it, or write its schema in place`,
        );
    }
  }
}

/** Each head's history as the walks read it; a type whose walk failed (named already) is walked with no changes, so the other problems are found too. */
export function typeHistories(heads: readonly AnyRecordHead[], walked: ReadonlyMap<string, readonly SchemaStep[]>): TypeHistory[] {
  return heads.map((head) => ({ name: head.key.name, head: head.schema, steps: ownSteps(walked.get(head.key.name) ?? []) }));
}

/** A record type's walked transforms, one per version that declares some: in the order they downgrade, and the schema before them. */
function ownSteps(walked: readonly SchemaStep[]): OwnStep[] {
  const steps: OwnStep[] = [];
  for (const { version, transform, before } of walked) {
    const last = steps.at(-1);
    if (last !== undefined && last.version.equals(version))
      steps[steps.length - 1] = { version, transforms: [...last.transforms, transform], before };
    else steps.push({ version, transforms: [transform], before });
  }
  return steps;
}
