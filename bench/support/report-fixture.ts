import {
  createEngine,
  type EngineOptions,
  type Probe,
  silentLogger,
} from "../../packages/engine/src/index.js";
import { sectionExamples } from "../../packages/engine/src/openapi/section-examples.js";

export const benchKey = "bench-key-0123456789abcdef";
export const authorization = `Bearer ${benchKey}`;

/** Section data as the built-in probes produce it, padded so the report is about `bytes`. */
function fixedProbe(section: string, padding: number): Probe {
  const example = sectionExamples[section] as { data: Record<string, unknown> };
  const data = {
    ...example.data,
    notes: Array.from({ length: padding }, (_, index) => `note ${index}: ${"x".repeat(40)}`),
  };
  return { run: () => data, ttlMs: () => 3_600_000, dataSchema: {} };
}

/** An engine whose three sections answer recorded data instantly: cache hits are what is measured. */
export function benchEngineOptions(targetBytes = 13_500): EngineOptions {
  const padding = Math.max(0, Math.round((targetBytes - 9_000) / 3 / 52));
  return {
    keys: [benchKey],
    probes: {
      whois: fixedProbe("whois", padding),
      dns: fixedProbe("dns", padding),
      ssl: fixedProbe("ssl", padding),
    },
    // Rate limiting stays on, with a plan no benchmark can empty.
    rateLimit: { plans: { default: { capacity: 1_000_000_000, refillPerSecond: 1_000_000_000 } } },
    logger: silentLogger,
  };
}

export const reportPath = "/api/v1/domain/example.com";

/** Warms the cache and returns the report bytes every baseline serves. */
export async function warm(options: EngineOptions): Promise<Buffer> {
  const engine = createEngine(options);
  const response = await engine.handle({
    method: "GET",
    url: reportPath,
    headers: { authorization },
  });
  if (response.status !== 200) throw new Error(`warm-up answered ${response.status}`);
  return Buffer.from(response.body);
}
