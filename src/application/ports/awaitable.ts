/**
 * A value now, or a promise of it: an in-memory adapter answers at once, a database later. `await` takes
 * either; the service's own request path takes the value as it is, so an answer that is there is sent in
 * the same turn, without a trip through the microtask queue.
 */
export type Awaitable<T> = T | Promise<T>;

/**
 * `next` of the value (and of `context`): at once when it is there, once the promise fulfils when it is not. A
 * request's path passes a function made once and the request as `context`, so that it makes no function per request.
 */
export function whenReady<T, U, C = undefined>(value: Awaitable<T>, next: (value: T, context: C) => Awaitable<U>, context?: C): Awaitable<U> {
  return value instanceof Promise ? value.then((ready) => next(ready, context as C)) : next(value, context as C);
}
