import type { SectionResult } from "@domain-intel/engine";

/** The outcomes a hostile peer may leave: data (findings say what was wrong), or an error not ours. */
export const acceptableOutcomes = /^(data|timeout|upstream_error)$/;

/** More than a client with a cap reads and the kernel buffers; less than one without a cap. */
export const boundedBytes = 16 * 1024 * 1024;

/** Bytes a peer managed to send in `ms` more: near zero once the client stopped reading. */
export async function sentWithin(peer: { bytesSent(): number }, ms = 500): Promise<number> {
  const before = peer.bytesSent();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return peer.bytesSent() - before;
}

/**
 * What is wrong with what a section made of a hostile peer, for one assertion (`toEqual([])`):
 * an answer past the budget, an outcome other than data or a bounded error (`internal` is an
 * exception of ours), and with `peer` given, too much read on one connection or reading still
 * going on. The engine stops waiting when the budget ends; `timerLagMs` allows for a loaded
 * machine running that timer late (the machines that test this run several suites on two cores).
 */
export async function hostileProblems(options: {
  readonly result: SectionResult;
  readonly budgetMs: number;
  readonly peer?: { bytesSent(): number; mostSentOnOne(): number };
  readonly outcomes?: RegExp;
  readonly timerLagMs?: number;
}): Promise<string[]> {
  const { result, budgetMs, peer } = options;
  const problems: string[] = [];
  if (result.durationMs > budgetMs + (options.timerLagMs ?? 250))
    problems.push(`answered in ${result.durationMs} ms, past the ${budgetMs} ms budget`);
  const outcome = result.status === "ok" ? "data" : (result.error?.code ?? "unknown");
  if (!(options.outcomes ?? acceptableOutcomes).test(outcome))
    problems.push(`ended as ${outcome}: ${result.error?.message ?? ""}`);
  if (peer) {
    if (peer.mostSentOnOne() >= boundedBytes)
      problems.push(`read ${peer.mostSentOnOne()} bytes on one connection`);
    const more = await sentWithin(peer);
    if (more >= boundedBytes) problems.push(`still reading: ${more} more bytes in 500 ms`);
  }
  return problems;
}
