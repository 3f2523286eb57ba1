import { isIP } from "node:net";
import { type DomainRecord, lookup } from "rdapper";
import type { ProbeContext } from "../../contract/probe.js";
import { isAddressAllowed } from "../../network/address-policy.js";
import { type ResolvedAddress, resolveHost } from "../../network/resolve-host.js";
import { serversFromAttempts } from "./servers.js";
import type { ServerOutcome, WhoisServer } from "./whois-data.js";

// The lines thin registries use to name the registrar's own WHOIS server.
const referralLines = [
  /^[ \t]*Registrar WHOIS Server:[ \t]*(\S+)[ \t]*$/im,
  /^[ \t]*Whois Server:[ \t]*(\S+)[ \t]*$/im,
  /^[ \t]*ReferralServer:[ \t]*whois:\/\/(\S+)[ \t]*$/im,
];
const hostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** Below this much time left, the registry's answer is returned without asking the registrar. */
const minReferralMs = 200;

/**
 * The registrar WHOIS server a registry's WHOIS text refers to: a host name or IP literal (a
 * `whois://` or `http://` prefix is dropped), other than the server that answered. A value with
 * a port, path or anything else is not followed.
 */
export function registrarReferral(rawWhois: string | undefined, answeredBy: string): string | null {
  for (const line of referralLines) {
    const value = line.exec(rawWhois ?? "")?.[1];
    if (!value) continue;
    // Some registries write the server as a URL; port 43 is still where WHOIS answers.
    const host = value
      .replace(/^(?:whois|https?):\/\//i, "")
      .replace(/[./]+$/, "")
      .toLowerCase();
    if (!(isIP(host) || hostName.test(host))) return null;
    return host === answeredBy.toLowerCase() ? null : host;
  }
  return null;
}

export interface ReferralInput {
  /** The registrable domain. */
  domain: string;
  /** The TLD the registry lookup was routed by (rdapper's `record.tld`). */
  tld: string;
  /** The registrar's WHOIS host, from `registrarReferral`. */
  host: string;
  context: ProbeContext;
  /** When the probe's answer must be ready (epoch ms). */
  deadlineAt: number;
  /** Bound of one network operation. */
  operationMs: number;
}

export interface ReferralResult {
  /** The registrar server as asked (or refused); absent when there was no time to ask. */
  server?: WhoisServer;
  /** The registrar's record, when it answered with registration data. */
  record?: DomainRecord;
}

/**
 * Asks the registrar's WHOIS server (one hop, as gTLD thin registries refer). rdapper's own
 * referral following resolves through the system and always refuses private addresses; this hop
 * resolves through the engine's resolvers, applies the engine's address policy and connects to
 * the checked address, so a referral cannot be rebound elsewhere. It never fails the probe:
 * whatever goes wrong is the server's outcome and the registry's answer stands.
 */
export async function followReferral(input: ReferralInput): Promise<ReferralResult> {
  const { host, context } = input;
  const asked = (outcome: ServerOutcome, record?: DomainRecord): ReferralResult => ({
    server: { kind: "whois", host, outcome },
    ...(record ? { record } : {}),
  });
  const remaining = () => Math.floor(input.deadlineAt - Date.now());
  if (remaining() < minReferralMs) return {};

  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) as 4 | 6 }]
      : await resolveHost(host, {
          ...context,
          signal: AbortSignal.any([context.signal, AbortSignal.timeout(remaining())]),
        });
  } catch {
    return asked(context.signal.aborted ? "aborted" : "connect_failed");
  }
  const address = addresses[0]?.address;
  if (address === undefined) return asked("connect_failed");
  if (!addresses.every((a) => isAddressAllowed(a.address, context.network.allowPrivateAddresses))) {
    return asked("address_not_allowed");
  }
  const budget = remaining();
  if (budget < minReferralMs) return asked("timeout");

  // A hint for the TLD sends rdapper's WHOIS query straight to the checked address.
  const result = await context.limit(() =>
    lookup(input.domain, {
      whoisOnly: true,
      whoisHints: { [input.tld]: address },
      followWhoisReferral: false,
      timeoutMs: Math.min(input.operationMs, budget),
      deadlineMs: budget,
      signal: context.signal,
      includeRaw: true,
    }),
  );
  if (result.ok && result.record) {
    // A registrar claiming the name is free contradicts the registry, which is authoritative.
    if (!result.record.isRegistered) return asked("not_found");
    return asked(result.attempts.at(-1)?.partial ? "partial" : "ok", result.record);
  }
  const traced = serversFromAttempts(result.attempts, new Map()).at(-1);
  return asked(traced?.outcome ?? (result.errorCode === "timeout" ? "timeout" : "error"));
}

/**
 * The registry's record completed by the registrar's. The registry is authoritative for what it
 * holds (statuses, dates, name servers, DNSSEC); the registrar adds what thin registries leave
 * out: contacts (and so privacy) and any registrar detail the registry did not give.
 */
export function withRegistrarRecord(registry: DomainRecord, registrar: DomainRecord): DomainRecord {
  const registrarInfo =
    registry.registrar || registrar.registrar
      ? {
          ...registrar.registrar,
          ...Object.fromEntries(
            Object.entries(registry.registrar ?? {}).filter(([, value]) => value !== undefined),
          ),
        }
      : undefined;
  return {
    ...registry,
    ...(registrarInfo ? { registrar: registrarInfo } : {}),
    statuses: registry.statuses?.length ? registry.statuses : registrar.statuses,
    creationDate: registry.creationDate ?? registrar.creationDate,
    updatedDate: registry.updatedDate ?? registrar.updatedDate,
    expirationDate: registry.expirationDate ?? registrar.expirationDate,
    nameservers: registry.nameservers?.length ? registry.nameservers : registrar.nameservers,
    contacts: registrar.contacts?.length ? registrar.contacts : registry.contacts,
    // Registry text first, so its DNSSEC line is the one read where both have one.
    rawWhois: [registry.rawWhois, registrar.rawWhois].filter(Boolean).join("\n"),
  };
}
