import { SemVer, compare } from 'semver';
import { describeReceived } from './version-error-text.js';

const CANONICAL = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** An API version, exactly MAJOR.MINOR.PATCH, ordered numerically by component. */
export class Version {
  readonly #semver: SemVer;
  readonly #text: string;

  private constructor(semver: SemVer) {
    this.#semver = semver;
    this.#text = semver.version;
  }

  /** Throws a RangeError, a fault of the caller: a request's version is judged by `VersionStanding.resolve`, which refuses it. */
  static parse(text: string): Version {
    const match = CANONICAL.exec(text);
    if (match === null || !match.slice(1).every((part) => Number.isSafeInteger(Number(part)))) {
      throw new RangeError(`Malformed version ${describeReceived(text)}: a version is MAJOR.MINOR.PATCH, such as 1.0.0.`);
    }
    return new Version(new SemVer(text));
  }

  /** Whether the text has the MAJOR.MINOR.PATCH form, even with a component too large to be a version here. */
  static isWellFormed(text: string): boolean {
    return CANONICAL.test(text);
  }

  compare(other: Version): -1 | 0 | 1 {
    return compare(this.#semver, other.#semver);
  }

  equals(other: Version): boolean {
    return this.compare(other) === 0;
  }

  isOlderThan(other: Version): boolean {
    return this.compare(other) < 0;
  }

  isNewerThan(other: Version): boolean {
    return this.compare(other) > 0;
  }

  toString(): string {
    return this.#text;
  }

  toJSON(): string {
    return this.#text;
  }
}
