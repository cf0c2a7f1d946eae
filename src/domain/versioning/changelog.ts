import type { ChangelogEntry } from './changelog-entry.js';
import type { SchemaStep } from './schema-walk.js';
import type { Version } from './version.js';
import type { VersionModelDeclaration } from './version-model-declaration.js';
import type { WindowDeclaration } from './view-set-declaration.js';

type WindowEnd = (window: WindowDeclaration) => string | undefined;

/**
 * The changelog, newest version first: notes, each record change's line (from its schema), and each introduction and
 * removal listed once, under the version its declaration names. Expects a validated declaration,
 * whose version strings are canonical.
 */
export function buildChangelog(declaration: VersionModelDeclaration, versions: readonly Version[], steps: readonly SchemaStep[]): ChangelogEntry[] {
  const notes = new Map(declaration.versions.map((entry) => [entry.version, entry.notes]));
  return versions.map((version) => {
    const text = version.toString();
    const endpoints = (end: WindowEnd): string[] => declaration.viewSets.filter((viewSet) => end(viewSet) === text).map((viewSet) => viewSet.name);
    const actions = (end: WindowEnd): string[] =>
      declaration.viewSets.flatMap((viewSet) =>
        Object.entries(viewSet.actions)
          .filter(([, window]) => end(window) === text)
          .map(([action]) => `${viewSet.name}.${action}`),
      );
    return {
      version: text,
      notes: [...(notes.get(text) as readonly string[])],
      models: steps.filter(({ transform }) => transform.version === text).map(({ line }) => line as string),
      views: {
        endpoints_introduced: endpoints((window) => window.introducedIn),
        endpoints_removed: endpoints((window) => window.removedIn),
        actions_introduced: actions((window) => window.introducedIn),
        actions_removed: actions((window) => window.removedIn),
      },
    };
  });
}
