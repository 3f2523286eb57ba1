import { stepTimeoutMs } from "../../contract/budget.js";
import type { Probe, ProbeContext } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { resolverAddresses } from "../../protocols/dns/resolvers.js";
import { createHealthSession, isFailure } from "../../protocols/dns/session.js";
import type { DnsResponse } from "../../protocols/dns/wire/query.js";
import type { ServerAddress } from "../../protocols/dns/wire/server-address.js";
import { networkData } from "../../protocols/ip-network/network-data.js";
import {
  DnsOptions,
  type DnsProbeOptions,
  type DnsSettings,
  dnsDeclaration,
} from "./declaration.js";
import type { DnsData } from "./dns-data.js";
import { assessHealth } from "./health/assess-health.js";
import { gatherFacts } from "./health/gather/gather-facts.js";
import { prefetchParent } from "./health/gather/zone.js";
import { lookupRecordSets, throwIfCancelled } from "./lookup.js";
import type { CoreType } from "./record-questions.js";
import { buildRecords } from "./records.js";
// Until the section's data is declared with TypeBox, the probe publishes its JSON Schema as it was.
import { dnsDataSchema } from "./schema.js";
import { dnsTtlMs } from "./ttl.js";

/** Share of the step budget the resolvers' tries are planned to fill. */
const planShare = 0.9;

/**
 * The built-in dns section: the domain's records through the configured recursive resolvers
 * (else the system's), then a health assessment that walks the delegation and asks the zone's
 * and its parent's name servers directly, all on our own sockets.
 */
export function dnsProbe(options: DnsProbeOptions = {}): Probe<DnsData> {
  return createDnsProbe(resolveOptions(DnsOptions, options, "dnsProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createDnsProbe(settings: DnsSettings): Probe<DnsData> {
  const { port, authoritativePort, udpTries, tryTimeoutMs, trustAnchors } = settings;
  const network = settings.networkData ?? networkData("cymru");
  return {
    summary: dnsDeclaration.summary,
    dataSchema: dnsDataSchema,
    example: dnsDeclaration.example,
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
