import type { NetworkPolicy, ProbeContext } from "@domain-intel/engine";
import pLimit from "p-limit";

/** A real ProbeContext for probe tests: loopback allowed, a short budget. */
export function testProbeContext(network: Partial<NetworkPolicy> = {}): ProbeContext {
  const policy: NetworkPolicy = {
    resolvers: [],
    allowPrivateAddresses: true,
    timeoutMs: 3000,
    ...network,
  };
  const limit = pLimit(16);
  const deadline = performance.now() + policy.timeoutMs;
  return {
    signal: AbortSignal.timeout(policy.timeoutMs),
    remainingMs: () => Math.max(0, deadline - performance.now()),
    network: policy,
    limit: (operation) => limit(operation),
  };
}
