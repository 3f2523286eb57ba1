import type { DomainRecord } from "rdapper";
import { stepTimeoutMs } from "../../contract/budget.js";
import { serversFromAttempts } from "./servers.js";
import { decodeWhoisBytes } from "./whois-charset.js";
import type { ServerOutcome, WhoisServer } from "./whois-data.js";
import { tracedWhoisQuery, type WhoisStepsInput, whoisHostOf } from "./whois-lookup.js";
import { whoisProfileFor } from "./whois-profiles.js";
import { looksEmpty, parseWhoisText } from "./whois-text.js";

// The lines thin registries use to name the registrar's own WHOIS server.
const referralLines = [
  /^[ \t]*Registrar WHOIS Server:[ \t]*(\S+)[ \t]*$/im,
  /^[ \t]*Whois Server:[ \t]*(\S+)[ \t]*$/im,
  /^[ \t]*ReferralServer:[ \t]*whois:\/\/(\S+)[ \t]*$/im,
];
/** Below this much time for the exchange, the registrar is not asked. */
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
    const host = whoisHostOf(value);
    return host === null || host === answeredBy.toLowerCase() ? null : host;
  }
  return null;
}

export interface ReferralInput extends WhoisStepsInput {
  /** The registrable domain. */
  domain: string;
  /** The TLD the registry lookup was routed by (`record.tld`). */
  tld: string;
  /** The registrar's WHOIS host, from `registrarReferral`. */
  host: string;
}

export interface ReferralResult {
  /** The registrar server as asked (or refused); absent when there was no time to ask. */
  server?: WhoisServer;
  /** Too little of the budget was left to ask the registrar. */
  outOfTime?: true;
  /** The registrar's record, when it answered with registration data. */
  record?: DomainRecord;
}

/**
 * Asks the registrar's WHOIS server (one hop, as gTLD thin registries refer), through the same
 * exchange as the registry: the engine's resolvers, its address policy, the vetted address. It
 * never fails the probe: whatever goes wrong is the server's outcome and the registry's answer
 * stands.
 */
export async function followReferral(input: ReferralInput): Promise<ReferralResult> {
  const { host } = input;
  const asked = (outcome: ServerOutcome, record?: DomainRecord): ReferralResult => ({
    server: { kind: "whois", host, outcome },
    ...(record ? { record } : {}),
  });
  if (stepTimeoutMs(input.context, { maxMs: input.maxStepMs }) < minReferralMs) {
    return { outOfTime: true };
  }
  const before = input.attempts.length;
  const result = await tracedWhoisQuery({ ...input, query: input.domain, phase: "whois" });
  if (!result.ok) {
    const traced = serversFromAttempts(input.attempts.slice(before), input.refusals).at(-1);
    return traced ? asked(traced.outcome) : {};
  }
  const record = parseWhoisText({
    domain: input.domain,
    tld: input.tld,
    text: decodeWhoisBytes(result.answer.bytes, whoisProfileFor(input.tld, host)),
    server: host,
  });
  // A registrar claiming the name is free contradicts the registry, which is authoritative.
  if (!record.isRegistered) return asked("not_found");
  if (looksEmpty(record)) return asked("unparseable");
  return asked(result.answer.partial ? "partial" : "ok", record);
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
