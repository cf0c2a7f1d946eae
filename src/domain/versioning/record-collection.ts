import type { CalendarDate } from '../records/calendar-date.js';
import type { AnyRecordHead, RecordHead, ViewSet } from './version-bundle.js';

/** The actions every collection's view set has. */
export const COLLECTION_ACTIONS = ['list', 'retrieve'] as const;
/** The actions a collection's view set has when the collection declares them: `POST` to the list, `PATCH` to a record. */
export const WRITE_ACTIONS = ['create', 'update'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];
export type CollectionAction = (typeof COLLECTION_ACTIONS)[number] | WriteAction;

/** How one action's route is published: its OpenAPI operationId and summary. */
export interface ActionRoute {
  readonly operationId: string;
  readonly summary: string;
}

/**
 * A record type as the API serves it, declared once in its head module: the bundle lists it, the composition root
 * binds its repository and use cases from it, the routes and the storage adapters are made from it.
 */
export interface RecordCollection<R extends { readonly id: number }, N extends string = string> {
  /** The data file's key and the storage's table: `dogs`. */
  readonly name: N;
  /** The newest shape, which the versions' changes walk back. */
  readonly head: RecordHead<R>;
  /** The view set serving it, whose name the changelog shows; its actions are COLLECTION_ACTIONS and the writes it declares. */
  readonly viewSet: string;
  /** A record from untrusted input (a data file's item, a stored row); `today` for fields that default to it. Throws InvalidRecordError. */
  readonly parse: (input: unknown, today: CalendarDate) => R;
  /** The list's path, `/doggies/`; a record's is the path followed by its id. */
  readonly path: string;
  /** The OpenAPI tag of its routes. */
  readonly tag: string;
  readonly routes: { readonly [A in (typeof COLLECTION_ACTIONS)[number]]: ActionRoute };
  /**
   * The writes it takes, each with its route: `create` (POST to the list, the new record's id given by the storage)
   * and `update` (PATCH of a record, a JSON merge patch). A body is read in the shape of the request's version and
   * upgraded to the newest by the versions' `upgradeRequest`; none when absent: the collection is read-only.
   */
  readonly writes?: { readonly [A in WriteAction]?: ActionRoute };
}

/** A collection of any record type, as a list of collections holds it. */
export type AnyRecordCollection = Omit<RecordCollection<{ readonly id: number }>, 'head'> & { readonly head: AnyRecordHead };

/** The record type of a collection. */
export type RecordOf<C> = C extends RecordCollection<infer R> ? R : never;

/** A collection, its record type and name inferred from the declaration. */
export function defineCollection<R extends { readonly id: number }, N extends string>(collection: RecordCollection<R, N>): RecordCollection<R, N> {
  return Object.freeze(collection);
}

/** The view set of a collection, as the bundle lists it: its reads, and the writes it declares. */
export function viewSetOf(collection: AnyRecordCollection): ViewSet {
  const writes = WRITE_ACTIONS.filter((action) => collection.writes?.[action] !== undefined);
  return { name: collection.viewSet, recordType: collection.head.key, actions: [...COLLECTION_ACTIONS, ...writes] };
}
