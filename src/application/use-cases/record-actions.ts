/**
 * The list and retrieve actions of each collection: ListRecords and RetrieveRecord, bound by the composition root
 * to the collection's repository, view set and record type.
 */
export const LIST_DOGS = Symbol.for('ListDogs');
export const RETRIEVE_DOG = Symbol.for('RetrieveDog');
export const LIST_CATS = Symbol.for('ListCats');
export const RETRIEVE_CAT = Symbol.for('RetrieveCat');
