import type { Version } from './version.js';

/** Which version serves a request that names none: `latest`, `earliest`, or one exact supported version. */
export type DefaultVersionChoice = 'latest' | 'earliest' | (string & {});

/** The version `choice` names among `versions` (newest first), or undefined when it names none of them. */
export function chooseDefaultVersion(choice: DefaultVersionChoice, versions: readonly Version[]): Version | undefined {
  if (choice === 'latest') return versions[0];
  if (choice === 'earliest') return versions[versions.length - 1];
  return versions.find((version) => version.toString() === choice);
}
