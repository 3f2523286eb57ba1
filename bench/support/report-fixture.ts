import {
  createEngine,
  dnsProbe,
  type EngineOptions,
  type Probe,
  silentLogger,
  sslProbe,
  whoisProbe,
} from "../../packages/engine/dist/index.js";

export const benchKey = "bench-key-0123456789abcdef";
export const authorization = `Bearer ${benchKey}`;

/** Keeps at most `keep` items of every array, so the recorded examples shrink to a base. */
function trimmed(value: unknown, keep: number): unknown {
  if (Array.isArray(value)) return value.slice(0, keep).map((item) => trimmed(item, keep));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, trimmed(item, keep)]),
    );
  }
  return value;
}

/** Section data as a built-in probe produces it (its example), trimmed, padded to `bytes`. */
function sectionData(probe: Probe, bytes: number): Record<string, unknown> {
  const base = trimmed(probe.example, 3) as Record<string, unknown>;
  const room = bytes - JSON.stringify(base).length - 20;
  return { ...base, notes: room > 0 ? "x".repeat(room) : "" };
}

function fixedProbe(data: Record<string, unknown>): Probe {
  return { run: () => data, ttlMs: () => 3_600_000, dataSchema: {} };
}

/**
 * An engine whose three sections answer recorded data instantly, so cache hits are what is
 * measured; the whole report comes to about `targetBytes` (13.5 kB, as in issue 7).
 */
export function benchEngineOptions(targetBytes = 13_500): EngineOptions {
  const envelope = 2_100; // report and section envelopes and insights around the data
  const perSection = Math.floor((targetBytes - envelope) / 3);
  return {
    keys: [benchKey],
    probes: {
      whois: fixedProbe(sectionData(whoisProbe(), perSection)),
      dns: fixedProbe(sectionData(dnsProbe(), perSection)),
      ssl: fixedProbe(sectionData(sslProbe(), perSection)),
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
