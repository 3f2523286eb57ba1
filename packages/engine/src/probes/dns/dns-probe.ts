import net from "node:net";
import { stepTimeoutMs } from "../../contract/budget.js";
import { type Probe, type ProbeContext, ProbeError } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { withRemediations } from "../../contract/with-remediations.js";
import { isAddressAllowed } from "../../network/address-policy.js";
import { resolverAddresses } from "../../protocols/dns/resolvers.js";
import { createHealthSession, type HealthSession, isFailure } from "../../protocols/dns/session.js";
import type { ServerAddress } from "../../protocols/dns/wire/server-address.js";
import { networkData } from "../../protocols/ip-network/network-data.js";
import {
  type DnsData,
  DnsOptions,
  type DnsProbeOptions,
  type DnsSettings,
  dnsDeclaration,
} from "./declaration.js";
import { assessHealth } from "./health/assess-health.js";
import { gatherFacts } from "./health/gather/gather-facts.js";
import { givenDelegation, givenHosts } from "./health/gather/given-delegation.js";
import { prefetchParent } from "./health/gather/zone.js";
import { lookupRecordSets, type RecordSets, throwIfCancelled } from "./lookup.js";
import { recordQuestions } from "./record-questions.js";
import { buildRecords } from "./records.js";
import { dnsFixes } from "./remediation.js";
import { dnsTtlMs } from "./ttl.js";
import { type Undelegated, undelegatedQuery } from "./undelegated.js";

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
export function createDnsProbe(settings: DnsSettings): Probe<DnsData, Undelegated> {
  const { port, authoritativePort, udpTries, tryTimeoutMs, trustAnchors } = settings;
  const network = settings.networkData ?? networkData("cymru");
  return withRemediations(dnsFixes, {
    summary: dnsDeclaration.summary,
    dataSchema: dnsDeclaration.data,
    example: dnsDeclaration.example,
    ttlMs: dnsTtlMs,
    query: undelegatedQuery,
    async run(domain: string, context: ProbeContext<Undelegated>): Promise<DnsData> {
      const configured = resolverAddresses({
        configured: context.network.resolvers,
        defaultPort: port,
      });
      // Every resolver gets its full round of tries within the budget less the answer's
      // reserve, so when all stay silent the error says so before the engine's deadline; a
      // tenth is kept aside so timers firing late on a busy machine do not cut the last try.
      const share = Math.floor(
        (stepTimeoutMs(context) * planShare) / (configured.length * udpTries),
      );
      const perTry = tryTimeoutMs ?? Math.min(2000, Math.max(200, share));
      // The assessment gets what the records leave of the budget; a server still silent at the
      // end is reported as not answering in time, not as a failed section.
      const openSession = (resolver: ServerAddress, zoneAddresses?: readonly string[]) =>
        createHealthSession({
          context,
          resolver,
          authoritativePort,
          udpTries,
          tryTimeoutMs: perTry,
          nowSeconds: Math.floor(Date.now() / 1000),
          ...(zoneAddresses ? { zoneServers: { apex: domain, addresses: zoneAddresses } } : {}),
        });
      // The parent zone's lookups do not need the records: they ride along with them, through
      // the first resolver, and are dropped if another resolver ends up answering.
      let session = openSession(configured[0]!);
      const undelegated = context.query;
      const given = undelegated?.ns ? await givenServers(session, domain, undelegated) : null;
      if (given) {
        // The zone's own names are asked of the given servers: the resolver knows only the
        // delegated zone, if any.
        await session.close();
        session = openSession(configured[0]!, given.addresses);
      } else prefetchParent({ session, domain });
      const resolvers = given
        ? given.addresses.map((address) => authoritativeAddress(address, authoritativePort))
        : configured;
      try {
        const lookup = lookupRecordSets({
          domain,
          resolvers,
          context,
          udpTries,
          tryTimeoutMs: perTry,
        });
        // Given servers that fail every question are the finding (a lame or dead server), not
        // a failed run: the checks judge them, each record check skipped with the reason.
        const { resolver, responses, unanswered } = given
          ? await lookup.catch((error: unknown) => {
              throwIfCancelled({ context, domain });
              if (!(error instanceof ProbeError)) throw error;
              return unansweredRecordSets(configured[0]!, error.message);
            })
          : await lookup;
        if (!given && resolver.label !== session.resolver) {
          await session.close();
          session = openSession(resolver);
        }
        const { exists, records } = buildRecords({ domain, responses });
        const facts = await gatherFacts({
          session,
          domain,
          exists,
          records,
          responses,
          unanswered,
          trustAnchors,
          network,
          ...(undelegated
            ? {
                given: givenDelegation({ domain, undelegated, hosts: given?.hosts ?? [] }),
              }
            : {}),
        });
        throwIfCancelled({ context, domain });
        const zone = facts.zone && !isFailure(facts.zone) ? facts.zone : null;
        return {
          resolver: resolver.label,
          exists: facts.exists,
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
  });
}

/**
 * The undelegated test's servers with their addresses, and the addresses the policy lets us
 * ask.
 */
async function givenServers(session: HealthSession, domain: string, undelegated: Undelegated) {
  const hosts = await givenHosts({ session, domain, undelegated });
  const known = [...new Set(hosts.flatMap((host) => host.addresses))];
  const addresses = known.filter((address) =>
    isAddressAllowed(address, session.allowPrivateAddresses),
  );
  // Servers without any address are judged as such (no working name server); servers the
  // policy forbids are never asked, so there is nothing to judge.
  if (addresses.length === 0 && known.length > 0) {
    throw new ProbeError(
      "upstream_error",
      `The name servers given (ns) are at addresses the address policy does not allow: ${known.join(", ")}.`,
    );
  }
  return { hosts, addresses };
}

/** Every record question unanswered, for the same reason. */
function unansweredRecordSets(resolver: ServerAddress, reason: string): RecordSets {
  return {
    resolver,
    responses: {},
    unanswered: Object.fromEntries(recordQuestions.map((question) => [question.key, reason])),
  };
}

/** A given server's address as the records lookup takes a resolver. */
function authoritativeAddress(address: string, port: number): ServerAddress {
  const family = net.isIPv6(address) ? 6 : 4;
  return {
    host: address,
    port,
    family,
    label: family === 6 ? `[${address}]:${port}` : `${address}:${port}`,
  };
}
