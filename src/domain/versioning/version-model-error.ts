import { StartupError } from '../errors/startup-error.js';

/** The version declarations contradict each other or themselves; every problem is named. */
export class VersionModelError extends StartupError {
  override readonly code = 'invalid_version_model';

  constructor(readonly problems: readonly string[]) {
    super(`The version model is invalid:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
  }
}
