import { setMaxListeners } from "node:events";
import { getDomain } from "tldts";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import type { Probe, ProbeContext } from "../../contract/probe.js";
import { resolveOptions } from "../../contract/resolve-options.js";
import { type NetworkData, networkData } from "../../protocols/ip-network/network-data.js";
import {
  type BootstrapLoader,
  createBootstrapLoader,
  describeBootstrapFailure,
  parseBootstrapOption,
} from "../../protocols/rdap/bootstrap.js";
import { type GuardedFetch, guardedFetchPerPolicy } from "../../protocols/rdap/guarded-fetch.js";
import { type RdapRegistrar, rdapRegistrar } from "../../protocols/rdap/registrar-id.js";
import type { RtrClient } from "../../protocols/rtr/rtr-client.js";
import { addressFacts } from "./address-facts.js";
import {
  type HostingData,
  HostingOptions,
  type HostingProbeOptions,
  type HostingSettings,
  hostingDeclaration,
} from "./declaration.js";
import { detectProviders } from "./detect-providers.js";
import { gatherHosts } from "./gather-hosts.js";
import { hostingFindings } from "./hosting-findings.js";
import { type ProviderEntry, providerTable } from "./provider-table.js";
import { tcpReachable } from "./reachability.js";
import { webFacts } from "./web-facts.js";

const maxRtrWaitMs = 3000;
const maxRdapStepMs = 5000;

/** What a run needs: the settings with the engine's shared parts made. */
interface HostingRun {
  readonly network: NetworkData;
  readonly rtr: RtrClient | null;
  readonly providers: readonly ProviderEntry[];
  readonly maxHosts: number;
  readonly httpsPort: number;
  readonly bootstrap: BootstrapLoader;
  readonly fetcherFor: (network: ProbeContext["network"]) => GuardedFetch;
}

/**
 * The built-in `hosting` section: for the domain, `www.`, each name server and MX host, every
 * address with its reverse names, network (AS, prefix), country, owning provider and route
 * validity; the providers of each role with their evidence; four findings.
 */
export function hostingProbe(options: HostingProbeOptions = {}): Probe<HostingData> {
  return createHostingProbe(resolveOptions(HostingOptions, options, "hostingProbe: options"));
}

/** The probe from settings already resolved (the engine resolves them once, at creation). */
export function createHostingProbe(settings: HostingSettings): Probe<HostingData> {
  const replaced = new Set(settings.providers.map((entry) => entry.id));
  const run: HostingRun = {
    network: settings.networkData ?? networkData(settings.asnSource),
    rtr: settings.rtr ?? null,
    providers: [...settings.providers, ...providerTable.filter((entry) => !replaced.has(entry.id))],
    maxHosts: settings.maxHosts,
    httpsPort: settings.httpsPort,
    bootstrap: createBootstrapLoader(
      settings.bootstrap ?? parseBootstrapOption(undefined, "hostingProbe: options.bootstrap"),
    ),
    fetcherFor: guardedFetchPerPolicy(),
  };
  return {
    summary: hostingDeclaration.summary,
    dataSchema: hostingDeclaration.data,
    example: hostingDeclaration.example,
    run: (domain, context) => probeHosting(domain, context, run),
    // Network data still loading on a server's first answers: asked again soon, not in an hour.
    ttlMs: (data) =>
      data.hosts.some((host) =>
        host.addresses.some((entry) => entry.networkError?.includes("still loading")),
      )
        ? 30_000
        : hostingDeclaration.defaultTtlMs,
  };
}

async function probeHosting(
  domain: string,
  runContext: ProbeContext,
  settings: HostingRun,
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
  const registrar = askRegistrar(domain, context, settings);
  const gathered = await gatherHosts({ context, domain, maxHosts: settings.maxHosts });
  await rtrReady;
  const webAddresses = gathered.hosts
    .filter((host) => host.roles.includes("web"))
    .flatMap((host) => host.addresses);
  const unique = new Map(
    gathered.hosts.flatMap((host) => host.addresses).map((entry) => [entry.address, entry]),
  );
  const [facts, web, webIpv6, registered] = await Promise.all([
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
    registrar,
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
    registrarIanaId: registered.ianaId,
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
    registrarNote: registrarNote(registered, providers.registrar.length > 0),
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

/**
 * The registrar's IANA id from the registry's RDAP server, for the registrable domain: the
 * bootstrap and the request through the guarded fetch, each in a slot of the engine's limit,
 * waiting what is left of the budget at most. Never rejects.
 */
async function askRegistrar(
  domain: string,
  context: ProbeContext,
  settings: HostingRun,
): Promise<RdapRegistrar> {
  const registrable = (getDomain(domain) ?? domain).toLowerCase();
  const timeoutMs = stepTimeoutMs(context, { maxMs: maxRdapStepMs });
  if (timeoutMs <= 0) return { ianaId: null, name: null, error: "no time was left for RDAP" };
  const signal = AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]);
  const guarded = settings.fetcherFor(context.network);
  const fetch: typeof guarded.fetch = (input, init) =>
    context.limit(() => guarded.fetch(input, init));
  try {
    const bootstrap = await settings.bootstrap.load({ fetch, signal, timeoutMs });
    return await rdapRegistrar({ domain: registrable, bootstrap, fetch, signal });
  } catch (error) {
    const reason =
      error instanceof NoTimeLeftError
        ? error.message
        : describeBootstrapFailure(settings.bootstrap.location, error);
    return { ianaId: null, name: null, error: reason };
  }
}

function registrarNote(registrar: RdapRegistrar, detected: boolean): string | null {
  if (detected) return null;
  if (registrar.error !== null) return registrar.error;
  const who = registrar.name ? ` (${registrar.name})` : "";
  return `The registrar, IANA id ${registrar.ianaId}${who}, is in no provider rule.`;
}
