import type { RecordType } from './record-type.js';
import type { Transform } from './transform.js';
import type { LifecycleDeclaration } from './version-lifecycle.js';

/** One record change of a version: a transform of one record type, bound to the version whose module declares it. */
export interface RecordChange {
  readonly recordType: RecordType<never>;
  readonly transform: Transform<never>;
}

/** An endpoint (a whole view set) or one of its actions that a version introduces or removes. */
export interface ViewChange {
  readonly viewSet: string;
  /** Absent for the whole endpoint. */
  readonly action?: string;
  readonly change: 'introduced' | 'removed';
}

/** A version as its module declares it: its changes, notes, deprecation, brownouts and sunset in one place; `records` takes the options that choose between variants of a change. */
export interface VersionDeclaration<O> extends LifecycleDeclaration {
  readonly version: string;
  readonly notes: readonly string[];
  readonly records: (options: O) => readonly RecordChange[];
  readonly views: readonly ViewChange[];
}

/** What a version's module declares besides its version string. */
export interface VersionDeclarationBody<O> extends LifecycleDeclaration {
  readonly notes: readonly string[];
  /** Its record changes; one change of several types (`recordChange([INVOICE, NEW_INVOICE], …)`) is a list of its own. */
  readonly records?: (options: O) => readonly (RecordChange | readonly RecordChange[])[];
  readonly views?: readonly ViewChange[];
}

/** A version's declaration, its version string written once: every change in `body` is bound to it. */
export function defineVersion<O>(version: string, body: VersionDeclarationBody<O>): VersionDeclaration<O> {
  const { notes, records = () => [], views = [], ...lifecycle } = body;
  return { version, notes, records: (options) => records(options).flat(), views, ...lifecycle };
}

export function recordChange<R>(type: RecordType<R>, transform: Transform<R>): RecordChange;
export function recordChange(types: readonly RecordType<never>[], transform: Transform<never>): RecordChange[];
/** A transform of record type R, as one change of a version; of each of several types, where one change reshapes a field they share. */
export function recordChange<R>(type: RecordType<R> | readonly RecordType<never>[], transform: Transform<R>): RecordChange | RecordChange[] {
  if (Array.isArray(type)) return (type as readonly RecordType<never>[]).map((each) => ({ recordType: each, transform: transform }));
  return { recordType: type as RecordType<R>, transform };
}

export const introduces = (viewSet: string, action?: string): ViewChange =>
  action === undefined ? { viewSet, change: 'introduced' } : { viewSet, action, change: 'introduced' };
export const removes = (viewSet: string, action?: string): ViewChange =>
  action === undefined ? { viewSet, change: 'removed' } : { viewSet, action, change: 'removed' };
