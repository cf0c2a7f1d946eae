import type { DependencyUnavailableError } from './dependency-unavailable-error.js';
import type { InvalidPageError } from './invalid-page-error.js';
import type { NotFoundError } from './not-found-error.js';
import type { PinChangeUnavailableError } from './pin-change-unavailable-error.js';
import type { InvalidUpgradeTargetError } from './invalid-upgrade-target-error.js';

/** Every refusal a use case answers with: the HTTP adapter's error table answers each one's code. */
export type UseCaseRefusal = NotFoundError | InvalidPageError | DependencyUnavailableError | PinChangeUnavailableError | InvalidUpgradeTargetError;
