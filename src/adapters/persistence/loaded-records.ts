import type { CalendarDate } from '../../domain/records/calendar-date.js';

/** What a collection's records are known by: its name, and the record its `parse` makes. */
export interface LoadedCollection {
  readonly name: string;
  readonly parse: (input: unknown, today: CalendarDate) => { readonly id: number };
}

/** Every record of a data file, each validated by the domain, by the name of its collection among `C`. */
export type LoadedRecords<C extends LoadedCollection = LoadedCollection> = {
  readonly [K in C as K['name']]: readonly ReturnType<K['parse']>[];
};

/** The records of a collection, however it is typed. */
export function recordsOf(records: Partial<LoadedRecords>, collection: { readonly name: string }): readonly { readonly id: number }[] {
  return (records as Readonly<Record<string, readonly { readonly id: number }[] | undefined>>)[collection.name] ?? [];
}
