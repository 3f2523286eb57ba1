/**
 * What a step returns when it can answer at once (a cache hit, a remembered key) and must wait
 * only otherwise. A hit then runs from request to response without a promise per step.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}

/**
 * `next` applied to `value`: at once when the value is ready, after it otherwise, so a chain of
 * steps stays synchronous for as long as each step answers at once. `failed`, like a promise's
 * second handler, takes the value's own failure (not one `next` throws). (Not named `then`: a
 * module exporting `then` is a thenable, and `await import()` of it would call it.)
 */
export function andThen<T, R>(
  value: MaybePromise<T>,
  next: (value: T) => MaybePromise<R>,
  failed?: (error: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  return isPromiseLike(value) ? Promise.resolve(value).then(next, failed) : next(value);
}
