import type { RemovalReading } from './removal-reading.js';
import type { Version } from './version.js';

/** A compiled version window: available from `start` (inclusive) up to `end`, read as the setting says. */
export class AvailabilityWindow {
  constructor(
    readonly start: Version | undefined,
    readonly end: Version | undefined,
    readonly reading: RemovalReading,
  ) {}

  /** R3: the later start and the earlier end. */
  intersect(other: AvailabilityWindow): AvailabilityWindow {
    return new AvailabilityWindow(later(this.start, other.start), earlier(this.end, other.end), this.reading);
  }

  isEmpty(): boolean {
    if (this.start === undefined || this.end === undefined) return false;
    return this.reading === 'inclusive' ? this.start.isNewerThan(this.end) : !this.start.isOlderThan(this.end);
  }

  contains(version: Version): boolean {
    if (this.start !== undefined && version.isOlderThan(this.start)) return false;
    if (this.end === undefined) return true;
    return this.reading === 'inclusive' ? !version.isNewerThan(this.end) : version.isOlderThan(this.end);
  }
}

function later(a: Version | undefined, b: Version | undefined): Version | undefined {
  if (a === undefined) return b;
  return b === undefined || a.isNewerThan(b) ? a : b;
}

function earlier(a: Version | undefined, b: Version | undefined): Version | undefined {
  if (a === undefined) return b;
  return b === undefined || a.isOlderThan(b) ? a : b;
}
