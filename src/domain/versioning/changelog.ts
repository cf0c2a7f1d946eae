import type { ChangelogEntry } from './changelog-entry.js';
import type { SchemaStep } from './schema-walk.js';
import type { Version } from './version.js';
import type { VersionDeclaration } from './version-declaration.js';
import type { ViewSetWindows, WindowEnds } from './view-set-windows.js';

type WindowEnd = (window: WindowEnds) => string | undefined;

/**
 * The changelog, newest version first: notes, each record change's line (from its schema), and each introduction and
 * removal listed once, under the version that declares it. Expects a checked bundle, whose version strings are canonical.
 */
export function buildChangelog(
  declarations: readonly VersionDeclaration<never>[],
  viewSets: readonly ViewSetWindows[],
  versions: readonly Version[],
  steps: readonly SchemaStep[],
): ChangelogEntry[] {
  const notes = new Map(declarations.map((entry) => [entry.version, entry.notes]));
  const declared = new Map(declarations.map((entry) => [entry.version, entry]));
  return versions.map((version) => {
    const text = version.toString();
    const endpoints = (end: WindowEnd): string[] => viewSets.filter((viewSet) => end(viewSet) === text).map((viewSet) => viewSet.name);
    const actions = (end: WindowEnd): string[] =>
      viewSets.flatMap((viewSet) =>
        Object.entries(viewSet.actions)
          .filter(([, window]) => end(window) === text)
          .map(([action]) => `${viewSet.name}.${action}`),
      );
    return {
      version: text,
      notes: [...(notes.get(text) as readonly string[])],
      models: steps.filter((step) => step.version.toString() === text).map(({ line }) => line as string),
      views: {
        endpoints_introduced: endpoints((window) => window.introducedIn),
        endpoints_removed: endpoints((window) => window.removedIn),
        actions_introduced: actions((window) => window.introducedIn),
        actions_removed: actions((window) => window.removedIn),
      },
      deprecated: declared.get(text)?.deprecated?.on ?? null,
      sunset: declared.get(text)?.sunset ?? null,
      // Checked already: each instant is written in the one form, so the texts order as the instants do.
      brownouts: [...(declared.get(text)?.brownouts ?? [])].sort((a, b) => a.start.localeCompare(b.start)).map(({ start, end }) => ({ start, end })),
    };
  });
}
