import { setMaxListeners } from "node:events";
import { stepTimeoutMs } from "../../contract/budget.js";
import type { Probe, ProbeContext } from "../../contract/probe.js";
import type { NetworkData } from "../../protocols/ip-network/network-data.js";
import type { RtrClient } from "../../protocols/rtr/rtr-client.js";
import { addressFacts } from "./address-facts.js";
import { type HostingData, HostingDataSchema } from "./declaration.js";
import { detectProviders } from "./detect-providers.js";
import { gatherHosts } from "./gather-hosts.js";
import { hostingFindings } from "./hosting-findings.js";
import example from "./openapi-example.json" with { type: "json" };
import type { ProviderEntry } from "./provider-table.js";
import { tcpReachable } from "./reachability.js";
import { webFacts } from "./web-facts.js";

/** What the hosting probe is made from: resolved once by the engine. */
export interface HostingSettings {
  /** The engine's network data (`hosting.asnSource`). */
  readonly network: NetworkData;
  /** The provider table, the built-in one with `hosting.providers` merged in. */
  readonly providers: readonly ProviderEntry[];
  /** The engine's RTR client (`rpki.rtr`), or null. */
  readonly rtr: RtrClient | null;
  /** Name servers and MX hosts looked at, each. Default 8. */
  readonly maxHosts: number;
  /** Port of the HTTPS request and the IPv6 reachability test. Default 443. */
  readonly httpsPort: number;
}

const maxRtrWaitMs = 3000;

/**
 * The built-in `hosting` section: for the domain, `www.`, each name server and MX host, every
 * address with its reverse names, network (AS, prefix), country, owning provider and route
 * validity; the providers of each role with their evidence; four findings.
 */
export function hostingProbe(settings: HostingSettings): Probe<HostingData> {
  return {
    summary:
      "Who runs it: every address's network (ASN, prefix), country, reverse name, providers per role, RPKI validity.",
    dataSchema: HostingDataSchema as unknown as Record<string, unknown>,
    example: example as HostingData,
    run: (domain, context) => probeHosting(domain, context, settings),
    // Network data still loading on a server's first answers: asked again soon, not in an hour.
    ttlMs: (data) =>
      data.hosts.some((host) =>
        host.addresses.some((entry) => entry.networkError?.includes("still loading")),
      )
        ? 30_000
        : 60 * 60_000,
  };
}

async function probeHosting(
  domain: string,
  runContext: ProbeContext,
  settings: HostingSettings,
): Promise<HostingData> {
  // Every query of the run listens to its signal: many more than Node's default 10.
  const signal = AbortSignal.any([runContext.signal]);
  setMaxListeners(512, signal);
  const context: ProbeContext = {
    ...runContext,
    signal,
    remainingMs: runContext.remainingMs,
    limit: runContext.limit,
  };
  const rtrReady = settings.rtr
    ? settings.rtr.whenSynchronised(
        AbortSignal.timeout(Math.max(1, stepTimeoutMs(context, { maxMs: maxRtrWaitMs }))),
      )
    : Promise.resolve(false);
  const gathered = await gatherHosts({ context, domain, maxHosts: settings.maxHosts });
  await rtrReady;
  const webAddresses = gathered.hosts
    .filter((host) => host.roles.includes("web"))
    .flatMap((host) => host.addresses);
  const unique = new Map(
    gathered.hosts.flatMap((host) => host.addresses).map((entry) => [entry.address, entry]),
  );
  const [facts, web, webIpv6] = await Promise.all([
    Promise.all(
      [...unique.values()].map((entry) =>
        addressFacts({
          context,
          ...entry,
          network: settings.network,
          rtr: settings.rtr,
          providers: settings.providers,
        }),
      ),
    ),
    webAddresses[0]
      ? webFacts({ context, domain, address: webAddresses[0].address, port: settings.httpsPort })
      : Promise.resolve({
          headers: null,
          issuer: null,
          error: `${domain} and www.${domain} have no address`,
        }),
    Promise.all(
      [
        ...new Set(
          webAddresses.filter((entry) => entry.family === 6).map((entry) => entry.address),
        ),
      ].map(async (address) => ({
        address,
        outcome: await tcpReachable({ context, address, port: settings.httpsPort }),
      })),
    ),
  ]);
  const byAddress = new Map(facts.map((entry) => [entry.address, entry]));
  const hosts = gathered.hosts.map((host) => ({
    name: host.name,
    roles: host.roles,
    addresses: host.addresses.map((entry) => byAddress.get(entry.address)!),
    error: host.error,
  }));
  const asnsOf = (role: "dns" | "mail" | "web") =>
    hosts
      .filter((host) => host.roles.includes(role))
      .flatMap((host) => host.addresses)
      .filter((entry) => entry.asn !== null)
      .map((entry) => ({ address: entry.address, asn: entry.asn! }));
  const providers = detectProviders(settings.providers, {
    nameservers: gathered.nameservers,
    mxHosts: gathered.mxHosts,
    spfIncludes: gathered.spfIncludes,
    cnameTargets: gathered.cnameTargets,
    headers: web.headers ?? {},
    asns: { dns: asnsOf("dns"), mail: asnsOf("mail"), web: asnsOf("web") },
    issuer: web.issuer ?? [],
    registrarIanaId: null,
  });
  const rtrStatus = settings.rtr?.status() ?? null;
  return {
    sources: {
      network: settings.network.name,
      rpki: rtrStatus && {
        cache: rtrStatus.cache,
        synchronised: rtrStatus.synchronised,
        error: rtrStatus.error,
      },
    },
    hosts,
    providers,
    registrarNote:
      "The hosting section does not ask RDAP: the registrar (by IANA id) is filled in from the whois section in the full report.",
    web: {
      cnameTargets: gathered.cnameTargets,
      address: webAddresses[0]?.address ?? null,
      answered: web.headers !== null,
      issuer: web.issuer,
      error: web.error,
    },
    mxHosts: gathered.mxHosts,
    nameservers: gathered.nameservers,
    spfIncludes: gathered.spfIncludes,
    findings: hostingFindings({ domain, hosts, rpki: rtrStatus, webIpv6 }),
  };
}
