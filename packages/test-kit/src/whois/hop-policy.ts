import type { NetworkPolicy, ProbeContext } from "@domain-intel/engine";

/**
 * A context whose policy allows private addresses only until `earlier` (a loopback peer) has
 * accepted a connection: the hop under test, which follows it, is judged with them off, as a
 * referral from a public registry to a private address would be. Every hop reads the policy
 * when it connects, so this is the policy each hop sees in turn.
 */
export function privateUntilAnswered(
  context: ProbeContext,
  earlier: { readonly connections: number },
): ProbeContext {
  const before = earlier.connections;
  const network: NetworkPolicy = {
    resolvers: context.network.resolvers,
    timeoutMs: context.network.timeoutMs,
    get allowPrivateAddresses() {
      return earlier.connections === before;
    },
  };
  return { ...context, network };
}
