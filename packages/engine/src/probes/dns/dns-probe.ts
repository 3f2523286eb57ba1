import { stepTimeoutMs } from "../../contract/budget.js";
import type { Probe, ProbeContext } from "../../contract/probe.js";
import { type NetworkData, networkData } from "../../protocols/ip-network/network-data.js";
import type { DnsData } from "./dns-data.js";
import { ianaRootAnchors, parseTrustAnchors, type TrustAnchor } from "./dnssec/trust-anchors.js";
import { assessHealth } from "./health/assess-health.js";
import { gatherFacts } from "./health/gather/gather-facts.js";
import { prefetchParent } from "./health/gather/zone.js";
import { createHealthSession, isFailure } from "./health/session.js";
import { lookupRecordSets, throwIfCancelled } from "./lookup.js";
import example from "./openapi-example.json" with { type: "json" };
import type { CoreType } from "./record-questions.js";
import { buildRecords } from "./records.js";
import { resolverAddresses } from "./resolvers.js";
import { dnsDataSchema } from "./schema.js";
import { dnsTtlMs } from "./ttl.js";
import type { DnsResponse } from "./wire/query.js";
import type { ServerAddress } from "./wire/server-address.js";

export interface DnsProbeOptions {
  /** Port of resolvers given without one (configured or the system's). Default 53. */
  port?: number;
  /**
   * Port of the authoritative name servers the health assessment asks directly (the zone's and
   * its parent's, found in DNS data). Default 53; tests point it at servers on loopback.
   */
  authoritativePort?: number;
  /** UDP sends per query before a server counts as unreachable, 1..5. Default 2. */
  udpTries?: number;
  /**
   * Budget of one UDP try (and of a TCP exchange), 50..60000 ms. Default: the probe's budget,
   * less the room kept to assemble the answer, shared by every resolver's tries, kept within
   * 200..2000 ms. A try never outlasts what is left of the budget, and none is sent when too
   * little is left for an answer to come back (100 ms, or the try's length if shorter).
   */
  tryTimeoutMs?: number;
  /**
   * Where DNSSEC validation starts: DS or DNSKEY records in zone-file form, one a line (a
   * string, or an array of lines). Default: the IANA root key-signing keys in service.
   */
  trustAnchors?: string | readonly string[];
  /**
   * Where `dns.ns.as-diversity` finds the origin AS of each name server address: the engine's
   * network data (`hosting.asnSource`). Default: Team Cymru's DNS through the resolvers.
   */
  networkData?: NetworkData;
}

const knownOptions = new Set([
  "port",
  "authoritativePort",
  "udpTries",
  "tryTimeoutMs",
  "trustAnchors",
  "networkData",
]);

/** Share of the step budget the resolvers' tries are planned to fill. */
const planShare = 0.9;

const isInteger = (value: unknown, min: number, max: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;

/**
 * The built-in dns section: the domain's records through the configured recursive resolvers
 * (else the system's), then a health assessment that walks the delegation and asks the zone's
 * and its parent's name servers directly, all on our own sockets.
 */
export function dnsProbe(options: DnsProbeOptions = {}): Probe<DnsData> {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("dnsProbe: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (!knownOptions.has(key)) throw new TypeError(`dnsProbe: unknown option "${key}"`);
  }
  const { port = 53, authoritativePort = 53, udpTries = 2, tryTimeoutMs } = options;
  if (!isInteger(port, 1, 65535))
    throw new TypeError("dnsProbe: options.port must be an integer 1..65535");
  if (!isInteger(authoritativePort, 1, 65535))
    throw new TypeError("dnsProbe: options.authoritativePort must be an integer 1..65535");
  if (!isInteger(udpTries, 1, 5))
    throw new TypeError("dnsProbe: options.udpTries must be an integer 1..5");
  if (tryTimeoutMs !== undefined && !isInteger(tryTimeoutMs, 50, 60_000)) {
    throw new TypeError("dnsProbe: options.tryTimeoutMs must be an integer 50..60000");
  }
  const trustAnchors = readTrustAnchors(options.trustAnchors);
  const network = options.networkData ?? networkData("cymru");

  return {
    summary: "DNS records of the domain, each with its TTL, and a health assessment of its zone.",
    dataSchema: dnsDataSchema,
    example: example as DnsData,
    ttlMs: dnsTtlMs,
    async run(domain: string, context: ProbeContext): Promise<DnsData> {
      const resolvers = resolverAddresses({
        configured: context.network.resolvers,
        defaultPort: port,
      });
      // Every resolver gets its full round of tries within the budget less the answer's
      // reserve, so when all stay silent the error says so before the engine's deadline; a
      // tenth is kept aside so timers firing late on a busy machine do not cut the last try.
      const share = Math.floor(
        (stepTimeoutMs(context) * planShare) / (resolvers.length * udpTries),
      );
      const perTry = tryTimeoutMs ?? Math.min(2000, Math.max(200, share));
      // The assessment gets what the records leave of the budget; a server still silent at the
      // end is reported as not answering in time, not as a failed section.
      const openSession = (resolver: ServerAddress) =>
        createHealthSession({
          context,
          resolver,
          authoritativePort,
          udpTries,
          tryTimeoutMs: perTry,
          nowSeconds: Math.floor(Date.now() / 1000),
        });
      // The parent zone's lookups do not need the records: they ride along with them, through
      // the first resolver, and are dropped if another resolver ends up answering.
      let session = openSession(resolvers[0]!);
      prefetchParent({ session, domain });
      try {
        const { resolver, responses, unanswered } = await lookupRecordSets({
          domain,
          resolvers,
          context,
          udpTries,
          tryTimeoutMs: perTry,
        });
        if (resolver.label !== session.resolver) {
          await session.close();
          session = openSession(resolver);
        }
        // The core questions are required, so every one of them has its answer here.
        const answered = responses as typeof responses & Record<CoreType, DnsResponse>;
        const { exists, records } = buildRecords({ domain, responses: answered });
        const facts = await gatherFacts({
          session,
          domain,
          exists,
          records,
          responses: answered,
          unanswered,
          trustAnchors,
          network,
        });
        throwIfCancelled({ context, domain });
        const zone = facts.zone && !isFailure(facts.zone) ? facts.zone : null;
        return {
          resolver: resolver.label,
          exists,
          records,
          health: assessHealth(facts),
          dnssec: {
            anchor: zone?.chain.anchor ?? null,
            chain: zone?.chain.levels ?? [],
          },
        };
      } finally {
        await session.close();
      }
    },
  };
}

function readTrustAnchors(given: DnsProbeOptions["trustAnchors"]): TrustAnchor[] {
  if (given === undefined) return parseTrustAnchors(ianaRootAnchors);
  const text = typeof given === "string" ? given : Array.isArray(given) ? given.join("\n") : null;
  if (text === null || (Array.isArray(given) && given.some((line) => typeof line !== "string")))
    throw new TypeError("dnsProbe: options.trustAnchors must be a string or an array of strings");
  try {
    return parseTrustAnchors(text);
  } catch (error) {
    throw new TypeError(`dnsProbe: options.trustAnchors: ${(error as Error).message}`);
  }
}
