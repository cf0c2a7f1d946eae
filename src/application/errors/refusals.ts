import { refusal } from '../../domain/errors/refusal.js';

/** The use cases' refusals: each one's code, status and message where it is declared. */

export type NotFoundReason = 'hidden' | 'no_record';

const NOT_FOUND_MESSAGES: Readonly<Record<NotFoundReason, string>> = {
  hidden: 'The action is not available at the requested version.',
  no_record: 'No record has that id.',
};

/** The action is hidden at the requested version, or the record does not exist: the client cannot tell which. */
export class NotFoundError extends refusal('not_found', 404, { detail: 'Not found.' }) {
  constructor(readonly reason: NotFoundReason) {
    super(NOT_FOUND_MESSAGES[reason]);
  }
}

/** A page request whose limit or offset is out of range or not a whole number. */
export class InvalidPageError extends refusal('invalid_page', 400) {}

/** Seconds a client is asked to wait before retrying while a dependency is down. */
export const RETRY_AFTER_SECONDS = 5;

/** Something the service needs (its database) does not answer; the request may succeed when retried later. */
export class DependencyUnavailableError extends refusal('dependency_unavailable', 503, {
  detail: 'Service unavailable.',
  headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
}) {
  constructor(
    readonly dependency: string,
    options?: ErrorOptions,
  ) {
    super(`The ${dependency} is unavailable.`);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The storage cannot take a client's own pin change so that every process sees it and a restart keeps it: the storage says why. */
export class PinChangeUnavailableError extends refusal('pin_change_unavailable', 409) {}

/** `GET /client/upgrade` names no version to move to, one not served, or one not newer than the client's pin. */
export class InvalidUpgradeTargetError extends refusal('invalid_upgrade_target', 422) {}

/** A write's body does not fit its version's schema, the newest once upgraded, or the record's rules: the message names the field, the rule and the version. */
export class InvalidBodyError extends refusal('invalid_body', 422) {}

/** An Idempotency-Key sent before with another request (another body, version or collection): 422, nothing stored. */
export class IdempotencyKeyReusedError extends refusal('idempotency_key_reused', 422, {
  message:
    'This Idempotency-Key was sent before with another request: send a new key for a new request, or the same request to be answered as before.',
}) {}

/** The storage cannot take a write that every process serving would see: the storage says why. */
export class WritesUnavailableError extends refusal('writes_unavailable', 409) {}

/** Every refusal a use case answers with. */
export type UseCaseRefusal =
  | NotFoundError
  | InvalidPageError
  | DependencyUnavailableError
  | PinChangeUnavailableError
  | InvalidUpgradeTargetError
  | InvalidBodyError
  | IdempotencyKeyReusedError
  | WritesUnavailableError;
