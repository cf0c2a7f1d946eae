import { StartupFailure } from '../errors/startup-failure.js';

/** The version declarations contradict each other or themselves; every problem is named. */
export class VersionModelError extends StartupFailure {
  readonly code = 'invalid_version_model';

  constructor(readonly problems: readonly string[]) {
    super(`The version model is invalid:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
}
