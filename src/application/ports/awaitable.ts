/**
 * A value now, or a promise of it: an in-memory adapter answers at once, a database later. `await` takes
 * either; the service's own request path takes the value as it is, so an answer that is there is sent in
 * the same turn, without a trip through the microtask queue.
 */
export type Awaitable<T> = T | Promise<T>;

/** `next` of the value: at once when it is there, once the promise fulfils when it is not. */
export function whenReady<T, U>(value: Awaitable<T>, next: (value: T) => Awaitable<U>): Awaitable<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
