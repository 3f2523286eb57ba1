import type { Probe, ProbeContext } from "../probe.js";
import type { DnsData } from "./dns-data.js";
import { lookupRecordSets } from "./lookup.js";
import { buildRecords } from "./records.js";
import { resolverAddresses } from "./resolvers.js";
import { dnsDataSchema } from "./schema.js";
import { dnsTtlMs } from "./ttl.js";

export interface DnsProbeOptions {
  /** Port of resolvers given without one (configured or the system's). Default 53. */
  port?: number;
  /** UDP sends per query before a resolver counts as unreachable, 1..5. Default 2. */
  udpTries?: number;
  /**
   * Budget of one UDP try (and of a TCP exchange), 50..60000 ms. Default: 90% of the probe
   * budget shared by every resolver's tries, kept within 200..2000 ms.
   */
  tryTimeoutMs?: number;
}

const knownOptions = new Set(["port", "udpTries", "tryTimeoutMs"]);

const isInteger = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/**
 * The built-in dns section: A, AAAA, CNAME, MX, NS, SOA, TXT and CAA of the domain through
 * the configured recursive resolvers (else the system's), on our own sockets.
 */
export function dnsProbe(options: DnsProbeOptions = {}): Probe<DnsData> {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("dnsProbe: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (!knownOptions.has(key)) throw new TypeError(`dnsProbe: unknown option "${key}"`);
  }
  const { port = 53, udpTries = 2, tryTimeoutMs } = options;
  if (!isInteger(port, 1, 65535))
    throw new TypeError("dnsProbe: options.port must be an integer 1..65535");
  if (!isInteger(udpTries, 1, 5))
    throw new TypeError("dnsProbe: options.udpTries must be an integer 1..5");
  if (tryTimeoutMs !== undefined && !isInteger(tryTimeoutMs, 50, 60_000)) {
    throw new TypeError("dnsProbe: options.tryTimeoutMs must be an integer 50..60000");
  }

  return {
    dataSchema: dnsDataSchema,
    ttlMs: dnsTtlMs,
    async run(domain: string, context: ProbeContext): Promise<DnsData> {
      const resolvers = resolverAddresses({
        configured: context.network.resolvers,
        defaultPort: port,
      });
      // Every resolver gets its full round of tries within 90% of the budget, so when all
      // stay silent the error says so before the engine's own deadline cuts in.
      const share = Math.floor((context.network.timeoutMs * 0.9) / (resolvers.length * udpTries));
      const perTry = tryTimeoutMs ?? Math.min(2000, Math.max(200, share));
      const { resolver, responses } = await lookupRecordSets({
        domain,
        resolvers,
        context,
        udpTries,
        tryTimeoutMs: perTry,
      });
      return { resolver, ...buildRecords({ domain, responses }) };
    },
  };
}
