import type { DefaultVersionChoice } from './default-version.js';
import type { JsonSchema } from './json-schema.js';
import type { RemovalReading } from './removal-reading.js';
import type { Representation } from './representation.js';
import type { ResourceDeclaration, ResourceKey } from './resource-declaration.js';
import type { VersionChange } from './version-change.js';
import { VersionModelError } from './version-model-error.js';
import type { VersionModelDeclaration } from './version-model-declaration.js';
import type { ViewSetDeclaration, WindowDeclaration } from './view-set-declaration.js';

/** A record type's newest shape: the code always produces it, and the bundle's changes walk it back. */
export interface ResourceHead<R> {
  readonly key: ResourceKey<R>;
  represent(record: R): Representation;
  /** The JSON Schema of `represent`'s output, a closed object schema (`closedObject`); each change walks it back. */
  readonly schema: JsonSchema;
  /** A record whose every older shape must match that version's schema, checked at start; the contract shows it. */
  readonly example: R;
}

/** A head of any record type, as the bundle lists it. */
export type BundledResource = Omit<ResourceHead<never>, 'example'> & { readonly example: unknown };

/** A view set and its actions, as they exist in some version; the bundle's changes give their windows. */
export interface ViewSetHead {
  readonly name: string;
  readonly actions: readonly string[];
}

/** The ordered versions (newest first) and the heads they change; the only place the versions are ordered. */
export interface VersionBundle<O> {
  readonly versions: readonly VersionChange<O>[];
  readonly resources: readonly BundledResource[];
  readonly viewSets: readonly ViewSetHead[];
}

/**
 * The version model's declaration from a bundle: each version with its notes; each record type with the transforms
 * of every version, oldest first (so changes declared in the order they happened downgrade newest first); each view
 * set's windows from the versions that introduce and remove it and its actions. Throws VersionModelError naming
 * every change that names a record type, view set or action the bundle does not have, or a window end twice.
 */
export function declarationOf<O>(
  bundle: VersionBundle<O>,
  options: O,
  settings: { readonly defaultVersion?: DefaultVersionChoice; readonly removedIn?: RemovalReading } = {},
): VersionModelDeclaration {
  const oldestFirst = [...bundle.versions].reverse();
  const changes = oldestFirst.map((change) => ({ change, records: change.records(options) }));
  const problems = [
    ...changes.flatMap(({ change, records }) =>
      records
        .filter((record) => !bundle.resources.some((head) => head.key === record.resource))
        .map((record) => `version ${change.version} changes record type ${record.resource.name}, which the bundle does not have; add its head`),
    ),
    ...oldestFirst.flatMap(({ version, views }) =>
      views
        .filter(
          (view) => !bundle.viewSets.some((head) => head.name === view.viewSet && (view.action === undefined || head.actions.includes(view.action))),
        )
        .map(
          (view) =>
            `version ${version} ${view.change === 'introduced' ? 'introduces' : 'removes'} ${[view.viewSet, view.action].filter(Boolean).join('.')}, which the bundle does not have; add it to its view set`,
        ),
    ),
  ];
  const resources = bundle.resources.map((head): ResourceDeclaration<never> => ({
    key: head.key,
    represent: (record) => head.represent(record),
    schema: head.schema,
    example: head.example,
    transforms: changes.flatMap(({ records }) => records.filter((record) => record.resource === head.key).map((record) => record.transform)),
  }));
  const viewSets = bundle.viewSets.map((head): ViewSetDeclaration => {
    const windowOf = (action: string | undefined): WindowDeclaration => {
      const window: { introducedIn?: string; removedIn?: string } = {};
      const unit = [head.name, action].filter(Boolean).join('.');
      for (const { version, views } of oldestFirst) {
        for (const view of views) {
          if (view.viewSet !== head.name || view.action !== action) continue;
          const end = view.change === 'introduced' ? 'introducedIn' : 'removedIn';
          const earlier = window[end];
          if (earlier !== undefined) problems.push(`${unit} is ${view.change} by both ${earlier} and ${version}; a unit is ${view.change} once`);
          window[end] = version;
        }
      }
      return window;
    };
    return { name: head.name, ...windowOf(undefined), actions: Object.fromEntries(head.actions.map((action) => [action, windowOf(action)])) };
  });
  if (problems.length > 0) throw new VersionModelError(problems);
  return {
    versions: bundle.versions.map(({ version, notes }) => ({ version, notes })),
    resources,
    viewSets,
    ...(settings.defaultVersion === undefined ? {} : { defaultVersion: settings.defaultVersion }),
    ...(settings.removedIn === undefined ? {} : { removedIn: settings.removedIn }),
  };
}
