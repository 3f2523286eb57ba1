import type { Probe } from "@domain-intel/engine";

/**
 * A custom section (a public feature: `probes: { name: probe }`) that records its runs,
 * so engine tests can see caching and single flight without the network.
 */
export function countingProbe(options: { delayMs?: number; fail?: "timeout" | "throw" } = {}) {
  const runs: string[] = [];
  const probe: Probe<{ echo: string; run: number }> = {
    dataSchema: {
      type: "object",
      required: ["echo", "run"],
      properties: { echo: { type: "string" }, run: { type: "integer" } },
    },
    async run(domain, context) {
      runs.push(domain);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.fail === "timeout")
        await new Promise((_, reject) =>
          context.signal.addEventListener("abort", () => reject(context.signal.reason)),
        );
      if (options.fail === "throw") throw new Error("boom");
      return { echo: domain, run: runs.length };
    },
    ttlMs: () => 60_000,
  };
  return { probe, runs };
}
