import { DomainIntelError } from "../contract/domain-intel-error.js";
import {
  type Probe,
  type ProbeContext,
  ProbeError,
  type ProbeErrorCode,
  sectionErrorCode,
} from "../contract/probe.js";

const probeErrorCodes = Object.keys(sectionErrorCode) as ProbeErrorCode[];

export type ProbeOutcome = { ok: true; data: unknown } | { ok: false; error: ProbeError };

/**
 * Runs one probe under a time budget. The probe gets an AbortSignal that fires when the
 * budget runs out and the engine stops waiting at that moment,
 * whether or not the probe honours the signal.
 */
export async function runProbe(options: {
  probe: Probe;
  section: string;
  domain: string;
  context: Omit<ProbeContext, "signal" | "remainingMs">;
  onUnexpectedError: (error: unknown) => void;
  /** Called once the probe itself has settled, which may be after the engine stopped waiting. */
  onSettled?: () => void;
}): Promise<ProbeOutcome> {
  const { probe, section, domain, context } = options;
  const budget = context.network.timeoutMs;
  const deadline = performance.now() + budget;
  const remainingMs = () => Math.max(0, deadline - performance.now());
  const timer = new AbortController();
  const timeout = setTimeout(
    () =>
      timer.abort(
        new ProbeError("timeout", `The ${section} probe did not finish within ${budget} ms.`),
      ),
    budget,
  );
  // Only the budget stops a run: it is shared by every request waiting on it.
  const signal = timer.signal;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
  const running = (async () => probe.run(domain, { ...context, signal, remainingMs }))();
  // The loser of the race must not surface later as an unhandled rejection.
  running.catch(() => undefined);
  if (options.onSettled) running.then(options.onSettled, options.onSettled);
  aborted.catch(() => undefined);
  try {
    return { ok: true, data: await Promise.race([running, aborted]) };
  } catch (error) {
    return { ok: false, error: toProbeError(error, section, options.onUnexpectedError) };
  } finally {
    clearTimeout(timeout);
    if (onAbort) signal.removeEventListener("abort", onAbort);
  }
}

function toProbeError(
  error: unknown,
  section: string,
  report: (error: unknown) => void,
): ProbeError {
  if (error instanceof ProbeError) return error;
  // A probe may throw the API's own error: read back through the same table.
  if (error instanceof DomainIntelError && error.code !== "internal") {
    const code = probeErrorCodes.find((name) => sectionErrorCode[name] === error.code);
    if (code) return new ProbeError(code, error.message);
  }
  if (error instanceof Error && error.name === "AbortError") {
    return new ProbeError("timeout", `The ${section} probe was cancelled.`);
  }
  report(error);
  return new ProbeError("internal", `The ${section} probe failed unexpectedly.`);
}
