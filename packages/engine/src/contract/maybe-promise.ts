/**
 * What a step returns when it can answer at once (a cache hit, a remembered key) and must wait
 * only otherwise. A hit then runs from request to response without a promise per step.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}
