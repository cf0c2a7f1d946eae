import type { AvailabilityTable } from './availability-table.js';
import { AvailabilityWindow } from './availability-window.js';
import type { RemovalReading } from './removal-reading.js';
import { AddField } from './add-field.js';
import { propertiesOf, type JsonSchema } from './json-schema.js';
import { RemoveField } from './remove-field.js';
import { walkSchemas, type BoundTransform, type SchemaStep } from './schema-walk.js';
import type { Transform } from './transform.js';
import { Version } from './version.js';
import type { AnyRecordHead, ViewSet } from './version-bundle.js';
import type { RecordChange, VersionDeclaration } from './version-declaration.js';
import { VersionModelError } from './version-model-error.js';
import type { ViewSetWindows, WindowEnds } from './view-set-windows.js';

/** Collects every problem of a version bundle, each naming the declaration and what to do. */
export class DeclarationChecker {
  readonly problems: string[] = [];
  /** Newest first. */
  readonly versions: readonly Version[];
  readonly #byText = new Map<string, Version>();

  /**
   * Checks the versions the bundle declares, newest first, and throws VersionModelError if any is wrong: the rest is
   * checked against them. The bundle is the only place the versions are ordered: one out of order is a problem.
   */
  constructor(declarations: readonly { readonly version: string }[]) {
    const listed: Version[] = [];
    declarations.forEach((declaration, index) => {
      const version = this.#parse(`version declaration #${index + 1}`, declaration.version);
      if (version === undefined) return;
      if (this.#byText.has(version.toString())) {
        this.problems.push(`version ${version.toString()} is declared twice; declare each version once`);
      }
      this.#byText.set(version.toString(), version);
      listed.push(version);
    });
    if (declarations.length === 0) this.problems.push('no version is declared; declare at least one');
    this.versions = [...this.#byText.values()];
    const misplaced = listed.slice(1).flatMap((version, index) => {
      const before = listed[index] as Version;
      return before.isOlderThan(version) ? [`${version.toString()} after ${before.toString()}`] : [];
    });
    if (misplaced.length > 0) {
      this.problems.push(
        `the bundle lists versions out of order (${misplaced.join(', ')}); list them newest first: ${[...this.versions].sort((a, b) => b.compare(a)).join(', ')}`,
      );
    }
    this.throwIfAny();
  }

  get supportedList(): string {
    return this.versions.join(', ');
  }

  /** The supported version written `text`, or undefined with a problem recorded against `where`. */
  supported(where: string, text: string): Version | undefined {
    const version = this.#parse(where, text);
    if (version === undefined) return undefined;
    const known = this.#byText.get(version.toString());
    if (known === undefined) {
      this.problems.push(`${where}: version ${text} is not in the supported list (${this.supportedList}); declare it or name a supported one`);
    }
    return known;
  }

  /** The version declarations, as the checked bundle lists them (newest first), with each version text's parsed value. */
  newestFirst<O>(declarations: readonly VersionDeclaration<O>[]): { readonly version: Version; readonly change: VersionDeclaration<O> }[] {
    return declarations.map((change) => ({ version: this.#byText.get(Version.parse(change.version).toString()) as Version, change }));
  }

  /** Each record change that names a record type the bundle has no head for is a problem; the rest are kept. */
  knownRecordChanges(version: Version, records: readonly RecordChange[], resources: readonly AnyRecordHead[]): readonly RecordChange[] {
    return records.filter((record) => {
      if (resources.some((head) => head.key === record.recordType)) return true;
      this.problems.push(`version ${version.toString()} changes record type ${record.recordType.name}, which the bundle does not have; add its head`);
      return false;
    });
  }

  /** Each view set serving a record type the bundle has no head for is a problem: its routes would answer with nothing. */
  viewSetsServeKnownTypes(heads: readonly ViewSet[], resources: readonly AnyRecordHead[]): void {
    for (const head of heads) {
      for (const recordType of head.recordTypes) {
        if (resources.some((resource) => resource.key === recordType)) continue;
        this.problems.push(`view set ${head.name} serves record type ${recordType.name}, which the bundle does not have; add its head`);
      }
    }
  }

  /**
   * Each view set's windows from the versions (oldest first) that introduce and remove it and its actions; a change
   * naming a view set or action the bundle does not have, or ending a window twice, is a problem.
   */
  viewSetWindows(heads: readonly ViewSet[], oldestFirst: readonly VersionDeclaration<never>[]): ViewSetWindows[] {
    for (const { version, views } of oldestFirst) {
      for (const view of views) {
        if (heads.some((head) => head.name === view.viewSet && (view.action === undefined || head.actions.includes(view.action)))) continue;
        this.problems.push(
          `version ${version} ${view.change === 'introduced' ? 'introduces' : 'removes'} ${[view.viewSet, view.action].filter(Boolean).join('.')}, which the bundle does not have; add it to its view set`,
        );
      }
    }
    return heads.map((head): ViewSetWindows => {
      const windowOf = (action: string | undefined): WindowEnds => {
        const window: { introducedIn?: string; removedIn?: string } = {};
        const unit = [head.name, action].filter(Boolean).join('.');
        for (const { version, views } of oldestFirst) {
          for (const view of views) {
            if (view.viewSet !== head.name || view.action !== action) continue;
            const end = view.change === 'introduced' ? 'introducedIn' : 'removedIn';
            const earlier = window[end];
            if (earlier !== undefined)
              this.problems.push(`${unit} is ${view.change} by both ${earlier} and ${version}; a unit is ${view.change} once`);
            window[end] = version;
          }
        }
        return window;
      };
      return { name: head.name, ...windowOf(undefined), actions: Object.fromEntries(head.actions.map((action) => [action, windowOf(action)])) };
    });
  }

  /** Each record change that no view set serving its record type carries to a client is a problem: it would never run. */
  recordChangesReachRoutes(
    changes: readonly { readonly version: Version; readonly records: readonly RecordChange[] }[],
    heads: readonly ViewSet[],
    availability: AvailabilityTable,
    reach: (recordType: string) => ReadonlySet<string>,
  ): void {
    for (const { version, records } of changes) {
      // A change declared at V downgrades records only for the versions older than V: a route must serve its record type at one of them.
      const older = this.versions.filter((other) => other.isOlderThan(version)).map(String);
      // At the earliest version nothing is older: checkTransform names that change already.
      if (older.length === 0) continue;
      for (const { recordType: resource, transform } of records) {
        const routed = heads.some(
          (head) =>
            head.recordTypes.some((served) => served.name === resource.name || reach(served.name).has(resource.name)) &&
            [...(availability.get(head.name) as ReadonlyMap<string, ReadonlySet<string>>).values()].some((at) => older.some((text) => at.has(text))),
        );
        if (routed) continue;
        this.problems.push(
          `version ${version.toString()}: the change ${transformLabel(transform)} to ${resource.name} reaches no route: no view set serving ${resource.name} is available at a version it downgrades to (${EITHER.format(older)}); remove the change, or open a view set serving ${resource.name} at one of those versions`,
        );
      }
    }
  }

  checkTransform(owner: string, { version, transform }: BoundTransform): void {
    const where = `${owner} transform ${transformLabel(transform)}`;
    if (transform.description !== undefined && (typeof transform.description !== 'string' || transform.description.trim() === '')) {
      this.problems.push(`${where}: its description is empty; leave it out, or say what the change means beyond its schema`);
    }
    if (version.equals(this.versions[this.versions.length - 1] as Version)) {
      this.problems.push(
        `${where}: it is bound to the earliest version ${version.toString()}, so no request is older and it would never run; declare it in the module of the version that introduced the change`,
      );
    }
  }

  /** Walks a record type's schema back through its transforms, newest first; undefined when a step fails. */
  walkSchemas(resource: AnyRecordHead, newestFirst: readonly BoundTransform[]): readonly SchemaStep[] | undefined {
    const owner = resource.key.name;
    if (!isObjectSchema(resource.schema)) {
      this.problems.push(`${owner}: its schema is not an object schema; declare {type: 'object', properties, required, additionalProperties: false}`);
      return undefined;
    }
    let steps: SchemaStep[];
    try {
      steps = walkSchemas(owner, resource.schema, newestFirst);
    } catch (error) {
      this.problems.push(
        `${owner}: a transform's downgradeSchema threw (${error instanceof Error ? error.message : String(error)}); make it return the older schema`,
      );
      return undefined;
    }
    for (const { version, transform, after, before, line } of steps) {
      const where = `${owner} transform ${transformLabel(transform)} of ${version.toString()}`;
      if (!isObjectSchema(before))
        this.problems.push(`${where}: its downgradeSchema returns no object schema; return the schema just before the change`);
      else if (line === undefined) {
        this.problems.push(
          `${where}: its downgradeSchema leaves the schema as it is and it has no description; change the schema as the data changes, or describe the change`,
        );
      }
      if (transform instanceof AddField && !Object.hasOwn(propertiesOf(after), transform.fieldName)) {
        this.problems.push(
          `${where}: ${owner}'s schema at ${version.toString()} has no property ${transform.fieldName}; add it to the head's schema or to the newer change that removes it`,
        );
      }
      if (transform instanceof RemoveField && Object.hasOwn(propertiesOf(after), transform.fieldName)) {
        this.problems.push(
          `${where}: ${owner}'s schema at ${version.toString()} still has the property ${transform.fieldName}; take it out of the head's schema`,
        );
      }
    }
    return steps;
  }

  window(where: string, declaration: WindowEnds, reading: RemovalReading): AvailabilityWindow {
    const start = declaration.introducedIn === undefined ? undefined : this.supported(`${where} introducedIn`, declaration.introducedIn);
    const end = declaration.removedIn === undefined ? undefined : this.supported(`${where} removedIn`, declaration.removedIn);
    const window = new AvailabilityWindow(start, end, reading);
    if (window.isEmpty()) {
      this.problems.push(
        `${where}: introducedIn ${String(start)} is ${reading === 'inclusive' ? 'after' : 'not before'} removedIn ${String(end)}, so it is never available`,
      );
    }
    return window;
  }

  unique(kind: string, names: readonly string[]): void {
    const seen = new Set<string>();
    for (const name of names) {
      if (typeof name !== 'string' || name.trim() === '') this.problems.push(`a ${kind} has an empty name; give it the name the changelog shows`);
      else if (seen.has(name)) this.problems.push(`${kind} ${name} is declared twice; declare it once`);
      seen.add(name);
    }
  }

  throwIfAny(): void {
    if (this.problems.length > 0) throw new VersionModelError(this.problems);
  }

  #parse(where: string, text: string): Version | undefined {
    try {
      return Version.parse(text);
    } catch {
      this.problems.push(`${where}: ${JSON.stringify(text)} is not a version; write MAJOR.MINOR.PATCH, such as 2.1.0`);
      return undefined;
    }
  }
}

const EITHER = new Intl.ListFormat('en', { type: 'disjunction' });

function transformLabel(transform: Transform<never>): string {
  const field = 'fieldName' in transform ? `(${String(transform.fieldName)})` : '';
  return `${transform.constructor.name}${field}`;
}

function isObjectSchema(schema: JsonSchema | undefined): boolean {
  return typeof schema === 'object' && schema !== null && schema.type === 'object';
}
