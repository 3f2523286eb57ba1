import { Resolver } from "node:dns/promises";
import type { ProbeContext } from "../contract/probe.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const emptyAnswers = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN", "ENONAME"]);

/**
 * A and AAAA of a host through the configured resolvers (the system's when none are set).
 * NXDOMAIN and NODATA give an empty list; a resolver failure rejects. `tryTimeoutMs` is how
 * long each of the two tries waits for an answer (default: the budget, at most 5 s).
 */
export async function resolveHost(
  host: string,
  context: Pick<ProbeContext, "signal" | "network" | "limit">,
  options: { readonly tryTimeoutMs?: number } = {},
): Promise<ResolvedAddress[]> {
  const timeout = options.tryTimeoutMs ?? Math.min(context.network.timeoutMs, 5000);
  const resolver = new Resolver({ timeout, tries: 2 });
  if (context.network.resolvers.length > 0) resolver.setServers([...context.network.resolvers]);
  const cancel = () => resolver.cancel();
  context.signal.addEventListener("abort", cancel, { once: true });
  const lookup = async (family: 4 | 6): Promise<ResolvedAddress[]> => {
    try {
      const addresses = await context.limit(() =>
        family === 4 ? resolver.resolve4(host) : resolver.resolve6(host),
      );
      return addresses.map((address) => ({ address, family }));
    } catch (error) {
      if (emptyAnswers.has((error as NodeJS.ErrnoException).code ?? "")) return [];
      throw error;
    }
  };
  try {
    const [v4, v6] = await Promise.all([lookup(4), lookup(6)]);
    return [...v4, ...v6];
  } finally {
    context.signal.removeEventListener("abort", cancel);
  }
}
