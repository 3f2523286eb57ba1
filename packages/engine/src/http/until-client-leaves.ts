import { DomainIntelError } from "../contract/domain-intel-error.js";

/**
 * `making`, or a rejection as soon as the client goes away (`signal` aborts). The work
 * itself is not cancelled: a probe run is shared by every request waiting on it and fills
 * the cache, so the last waiter leaving does not stop it.
 */
export function untilClientLeaves<T>(making: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal === undefined) return making;
  if (signal.aborted) return Promise.reject(clientLeft());
  let onAbort: (() => void) | undefined;
  const left = new Promise<never>((_, reject) => {
    onAbort = () => reject(clientLeft());
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([making, left]).finally(() => signal.removeEventListener("abort", onAbort!));
}

// Nobody reads this answer; it only ends the request's own chain of promises.
const clientLeft = () =>
  new DomainIntelError("bad_request", "The client went away before the answer was ready.");
