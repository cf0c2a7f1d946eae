import type { JsonSchema } from './json-schema.js';
import type { CalendarDate } from '../records/calendar-date.js';
import type { AnyRecordHead, RecordHead, ViewSet } from './version-bundle.js';

/** The actions every collection's view set has. */
export const COLLECTION_ACTIONS = ['list', 'retrieve'] as const;
/** The actions a collection's view set has when the collection takes them: a new record, and a change to one. */
export const WRITE_ACTIONS = ['create', 'update'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number] | WriteAction;

/**
 * A record type as the API keeps it: the bundle lists its head and view set, the composition root binds its
 * repository and use cases from it, the storage adapters are made from it. Where it is served (its HTTP path and
 * routes) is the HTTP adapter's to declare.
 */
export interface RecordCollection<R extends { readonly id: number }, N extends string = string> {
  /** The data file's key and the storage's table: `dogs`. */
  readonly name: N;
  /** The newest shape, which the versions' changes walk back. */
  readonly head: RecordHead<R>;
  /** The view set serving it, whose name the changelog shows; its actions are COLLECTION_ACTIONS and its writes. */
  readonly viewSet: string;
  /** A record from untrusted input (a data file's item, a stored row); `today` for fields that default to it. Throws InvalidRecordError. */
  readonly parse: (input: unknown, today: CalendarDate) => R;
  /**
   * The writes it takes: `create` (a new record, its id given by the storage) and `update` (a change to a record, a
   * JSON merge patch). A body is read in the shape of the request's version and upgraded to the newest by the
   * versions' `upgradeRequest`; none when absent: the collection is read-only.
   */
  readonly writes?: readonly WriteAction[];
}

/** A collection of any record type, as a list of collections holds it. */
export type AnyRecordCollection = Omit<RecordCollection<{ readonly id: number }>, 'head'> & { readonly head: AnyRecordHead };

/** The record type of a collection. */
export type RecordOf<C> = C extends RecordCollection<infer R> ? R : never;

/** The view set of a collection, as the bundle lists it: its reads, and the writes it takes. */
export function viewSetOf(collection: AnyRecordCollection): ViewSet {
  return {
    name: collection.viewSet,
    recordTypes: [collection.head.key],
    actions: [...COLLECTION_ACTIONS, ...WRITE_ACTIONS.filter((action) => collection.writes?.includes(action))],
  };
}

/** The JSON Schema of a collection's record id, as its storage gives them: a whole number from 1. */
export const RECORD_ID_SCHEMA: JsonSchema = {
  type: 'integer',
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description: "The record's id: a whole number from 1, unique among records of its kind.",
  examples: [1],
};
