import { isIP } from "node:net";
import type { LookupAttempt, LookupErrorCode } from "rdapper";
import { stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import {
  type WhoisAnswer,
  WhoisExchangeError,
  whoisExchange,
} from "../../network/whois-exchange.js";
import type { Refusal } from "./servers.js";
import { whoisRefusal } from "./whois-availability.js";
import { decodeWhoisBytes } from "./whois-charset.js";
import { whoisProfileFor } from "./whois-profiles.js";
import { looksEmpty, parseWhoisText, type WhoisTextRecord } from "./whois-text.js";

export const ianaWhoisHost = "whois.iana.org";

/** Servers that answer in another language unless asked for English. */
const englishQueries: Record<string, (domain: string) => string> = {
  "whois.jprs.jp": (domain) => `${domain}/e`,
};

export interface WhoisStepsInput {
  context: ProbeContext;
  /** TCP port of every WHOIS server (43; tests use another). */
  port: number;
  /** Longest any one exchange may take, before the budget's own limit. */
  maxStepMs: number;
  /** Every exchange is recorded here, in order, as rdapper records its own. */
  attempts: LookupAttempt[];
  /** Exchanges the address policy (or the size cap) refused, by host. */
  refusals: Map<string, Refusal>;
}

export type WhoisQueryOutcome =
  | { ok: true; answer: WhoisAnswer }
  | { ok: false; errorCode: LookupErrorCode; error: WhoisExchangeError | undefined };

/**
 * One traced exchange with `host`, through network/ (configured resolvers, address policy,
 * vetted address), its timeout taken from what is left of the budget. Never throws.
 */
export async function tracedWhoisQuery(
  input: WhoisStepsInput & { host: string; query: string; phase: "iana" | "whois" },
): Promise<WhoisQueryOutcome> {
  const { host, phase } = input;
  const timeoutMs = stepTimeoutMs(input.context, { maxMs: input.maxStepMs });
  if (timeoutMs <= 0) return { ok: false, errorCode: "timeout", error: undefined };
  const started = Date.now();
  const trace = (fields: Partial<LookupAttempt>) =>
    input.attempts.push({
      phase,
      server: host,
      ok: false,
      durationMs: Date.now() - started,
      ...fields,
    });
  try {
    const answer = await whoisExchange({
      host,
      query: input.query,
      port: input.port,
      context: input.context,
      timeoutMs,
    });
    const refusal = whoisRefusal(answer.text, whoisProfileFor("", host));
    if (refusal === "unavailable") {
      // rdapper's codes have none for a service that says it is down: told apart as a refusal.
      input.refusals.set(host, { code: "service_unavailable", message: "said it is unavailable" });
      trace({ errorCode: "unknown", error: `WHOIS ${host} said its service is unavailable` });
      return { ok: false, errorCode: "unknown", error: undefined };
    }
    if (refusal) {
      trace({ errorCode: refusal, error: `WHOIS ${host} refused the query (${refusal})` });
      return { ok: false, errorCode: refusal, error: undefined };
    }
    trace({ ok: true, ...(answer.partial ? { partial: true } : {}) });
    return { ok: true, answer };
  } catch (caught) {
    const error = caught instanceof WhoisExchangeError ? caught : undefined;
    const errorCode = errorCodeOf(error);
    if (error && (error.code === "address_not_allowed" || error.code === "response_too_large")) {
      input.refusals.set(host, { code: error.code, message: error.message });
    }
    trace({
      errorCode,
      error: error?.message ?? String(caught),
      ...(error && error.stage !== "resolve" && errorCode === "timeout"
        ? { stage: error.stage }
        : {}),
    });
    return { ok: false, errorCode, error };
  }
}

function errorCodeOf(error: WhoisExchangeError | undefined): LookupErrorCode {
  switch (error?.code) {
    case "timeout":
    case "connect_failed":
    case "no_data":
    case "aborted":
      return error.code;
    default:
      // Refusals are told apart through `refusals`, as the RDAP ones are.
      return "unknown";
  }
}

export type RegistryWhoisResult =
  | { ok: true; record: WhoisTextRecord; server: string }
  | { ok: false; errorCode: LookupErrorCode; server?: string };

/**
 * The registry's WHOIS record for `domain`: the server is the hint for its public suffix (or
 * TLD), else the one IANA names for the TLD. Every exchange goes through `tracedWhoisQuery`.
 */
export async function registryWhois(
  input: WhoisStepsInput & { domain: string; tld: string; hints: Record<string, string> },
): Promise<RegistryWhoisResult> {
  const { domain, tld } = input;
  const topLevel = tld.split(".").pop() ?? tld;
  let server = input.hints[tld] ?? input.hints[topLevel];
  if (!server) {
    const iana = await tracedWhoisQuery({
      ...input,
      host: ianaWhoisHost,
      query: topLevel,
      phase: "iana",
    });
    if (!iana.ok) return { ok: false, errorCode: iana.errorCode, server: ianaWhoisHost };
    server = ianaReferral(iana.answer.text);
    if (!server) return { ok: false, errorCode: "no_server" };
  }
  const query = englishQueries[server.toLowerCase()]?.(domain) ?? domain;
  const asked = await tracedWhoisQuery({ ...input, host: server, query, phase: "whois" });
  if (!asked.ok) return { ok: false, errorCode: asked.errorCode, server };
  const text = decodeWhoisBytes(asked.answer.bytes, whoisProfileFor(tld, server));
  const record = parseWhoisText({ domain, tld, text, server });
  // Text cut off at the time limit with nothing readable in it is no answer. Otherwise the
  // registry answered: what could not be read is the section's to say, never a 502.
  if (record.isRegistered && looksEmpty(record) && asked.answer.partial) {
    return { ok: false, errorCode: "unparseable", server };
  }
  return { ok: true, record, server };
}

/** The TLD's WHOIS server in IANA's answer (`whois:`, or `refer:` in older answers). */
export function ianaReferral(text: string): string | undefined {
  for (const field of ["whois", "refer"]) {
    const value = new RegExp(`^[ \\t]*${field}[ \\t]*:[ \\t]*(\\S+)[ \\t]*$`, "im").exec(text)?.[1];
    const host = value === undefined ? null : whoisHostOf(value);
    if (host) return host;
  }
  return undefined;
}

const hostName =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * A WHOIS server named in upstream text, as a host name or IP literal: a `whois://` or
 * `http(s)://` prefix and trailing dots or slashes are dropped (port 43 is where WHOIS
 * answers); anything with a port, path or other syntax is null and not followed.
 */
export function whoisHostOf(value: string): string | null {
  const host = value
    .trim()
    .replace(/^(?:whois|https?):\/\//i, "")
    .replace(/[./]+$/, "")
    .toLowerCase();
  return isIP(host) || hostName.test(host) ? host : null;
}
