import { refusal } from '../errors/refusal.js';
import type { CalendarDate } from '../records/calendar-date.js';
import type { BrownoutWindow } from './brownout-window.js';
import type { Version } from './version.js';
import { describeReceived, listSupported, REFUSED_SUBJECT, type SelectedBy } from './version-error-text.js';

/** The domain's refusals: each one's code, status and message where it is declared. */

/** A version string that is not of the form MAJOR.MINOR.PATCH. */
export class MalformedVersionError extends refusal('malformed_version', 406) {
  constructor(
    readonly received: string,
    supported: readonly { toString(): string }[],
  ) {
    super(`Malformed version ${describeReceived(received)}: a version is MAJOR.MINOR.PATCH, such as 1.0.0.${listSupported(supported)}`);
  }
}

/** A well-formed version that is not in the supported list. */
export class UnsupportedVersionError extends refusal('unsupported_version', 406) {
  constructor(
    readonly received: string,
    supported: readonly { toString(): string }[],
  ) {
    super(`Unsupported version ${describeReceived(received)}.${listSupported(supported)}`);
  }
}

/** A request selects a version whose sunset has come: it is no longer served. */
export class RetiredVersionError extends refusal('retired_version', 410) {
  /** What is refused, in a sentence; the message is it followed by `served`. */
  readonly statement: string;
  /** The sentence naming the versions served instead, after a space; empty when none are. */
  readonly served: string;

  /** `byDefault`: the request named no version and the configured default (true) or the client's pin ('pin') is the retired one. */
  constructor(
    readonly version: string,
    readonly sunset: CalendarDate,
    supported: readonly { toString(): string }[],
    readonly byDefault: SelectedBy = false,
  ) {
    const statement = `${REFUSED_SUBJECT[String(byDefault)]} ${version} was retired on ${sunset.toString()}, its sunset date, and is no longer served.`;
    const served = listSupported(supported);
    super(statement + served);
    this.statement = statement;
    this.served = served;
  }
}

/** A request selects a version during one of its brownouts: refused as after its sunset, until the window ends. */
export class BrownoutError extends refusal('version_brownout', 410) {
  /** Whole seconds from the request to the end of the window, at least 1. */
  readonly retryAfterSeconds: number;
  override readonly headers: Readonly<Record<string, string>>;
  /** What is refused, in a sentence; the message is it followed by `served`. */
  readonly statement: string;
  /** The sentence naming the versions served instead, after a space; empty when none are. */
  readonly served: string;

  /** `served`: the versions served at that instant, the browned-out one left out; `byDefault` as RetiredVersionError's. */
  constructor(
    readonly version: Version,
    window: BrownoutWindow,
    sunset: CalendarDate | null,
    served: readonly { toString(): string }[],
    nowMs: number,
    readonly byDefault: SelectedBy = false,
  ) {
    const removal = sunset === null ? 'its removal (no sunset date is set yet)' : `its sunset on ${sunset.toString()}`;
    const statement =
      `${REFUSED_SUBJECT[String(byDefault)]} ${version.toString()} is in a brownout until ${window.end}, a rehearsal of ${removal}, ` +
      'and is not served until then.';
    const servedSentence = listSupported(served);
    super(statement + servedSentence);
    this.statement = statement;
    this.served = servedSentence;
    this.retryAfterSeconds = Math.ceil((window.endMs - nowMs) / 1000);
    this.headers = { 'Retry-After': String(this.retryAfterSeconds) };
  }
}

/** A pin change to an older version than the pin that is not the rollback still open: 409. */
export class PinConflictError extends refusal('pin_conflict', 409) {}

/** A pin change to a version that is malformed, unknown or not served: 422, naming it. */
export class InvalidPinError extends refusal('invalid_pin', 422) {}

/** Why a version cannot serve a request. */
export type VersionRefusal = MalformedVersionError | UnsupportedVersionError | RetiredVersionError | BrownoutError;

/** Why a client's own pin change is refused. */
export type PinRefusal = PinConflictError | InvalidPinError;
