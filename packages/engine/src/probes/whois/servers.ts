import type { LookupAttempt } from "rdapper";
import type { ServerOutcome, WhoisServer } from "./whois-data.js";

/** A request refused (address policy, size cap, redirects) before or while it was made. */
export interface Refusal {
  readonly code:
    | "address_not_allowed"
    | "response_too_large"
    | "redirect_failed"
    | "unsupported_url"
    /** A WHOIS server that answered that its service is down or too busy. */
    | "service_unavailable";
  readonly message: string;
}

/** Requests refused or cut short in one run, by URL origin (RDAP) or host (WHOIS). */
export type Refusals = ReadonlyMap<string, Refusal>;

export function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : url;
}

const passThroughCodes = new Set<string>([
  "timeout",
  "connect_failed",
  "http_error",
  "rate_limited",
  "blocked",
  "no_data",
  "unparseable",
  "aborted",
]);

/**
 * The servers rdapper asked, from its per-operation trace. `notFoundIn` marks the last server
 * of that protocol that answered as `not_found` (it said the name does not exist).
 */
export function serversFromAttempts(
  attempts: readonly LookupAttempt[],
  refusals: Refusals,
  notFoundIn?: "rdap" | "whois",
): WhoisServer[] {
  const relevant = attempts.filter((attempt) => attempt.phase !== "rdap_bootstrap");
  const notFoundAt = notFoundIn
    ? relevant.findLastIndex((attempt) => attempt.ok && attempt.phase === notFoundIn)
    : -1;
  return relevant.map((attempt, index) => {
    const outcome = index === notFoundAt ? "not_found" : outcomeOf(attempt, refusals);
    return isRdap(attempt)
      ? { kind: "rdap", url: attempt.server, outcome }
      : { kind: "whois", host: attempt.server, outcome };
  });
}

/** One line per failed attempt, e.g. `RDAP https://rdap.example/ answered HTTP 503`. */
export function describeFailedAttempts(
  attempts: readonly LookupAttempt[],
  refusals: Refusals,
): string[] {
  return attempts
    .filter((attempt) => !attempt.ok)
    .map((attempt) => `${labelOf(attempt)} ${attempt.server} ${failurePhrase(attempt, refusals)}`);
}

function isRdap(attempt: LookupAttempt): boolean {
  return attempt.phase === "rdap" || attempt.phase === "rdap_link";
}

function labelOf(attempt: LookupAttempt): string {
  switch (attempt.phase) {
    case "rdap":
      return "RDAP";
    case "rdap_link":
      return "RDAP link";
    case "rdap_bootstrap":
      return "RDAP bootstrap";
    case "iana":
      return "IANA WHOIS";
    case "whois":
      return "WHOIS";
  }
}

/** Our own refusal, where the attempt could only be classified as `unknown`. */
function refusalOf(attempt: LookupAttempt, refusals: Refusals): Refusal | undefined {
  if (attempt.ok || attempt.errorCode !== "unknown") return undefined;
  return refusals.get(originOf(attempt.server));
}

function outcomeOf(attempt: LookupAttempt, refusals: Refusals): ServerOutcome {
  // WHOIS ends an answer by closing; one read until the time limit may be cut short.
  if (attempt.ok) return attempt.partial ? "partial" : "ok";
  const refusal = refusalOf(attempt, refusals);
  if (refusal) {
    return refusal.code === "unsupported_url" || refusal.code === "service_unavailable"
      ? "error"
      : refusal.code;
  }
  const code = attempt.errorCode ?? "unknown";
  return passThroughCodes.has(code) ? (code as ServerOutcome) : "error";
}

/** Built from codes, statuses and errnos only: rdapper's error text may quote the upstream body. */
function failurePhrase(attempt: LookupAttempt, refusals: Refusals): string {
  const refusal = refusalOf(attempt, refusals);
  if (refusal) {
    return refusal.code === "service_unavailable"
      ? refusal.message
      : `not used: ${refusal.message}`;
  }
  const error = attempt.error ?? "";
  switch (attempt.errorCode) {
    case "timeout":
      return attempt.stage ? `timed out (${attempt.stage})` : "timed out";
    case "connect_failed": {
      const errno = /\b(E[A-Z0-9]{2,}|UND_ERR_[A-Z_]+)\b/.exec(error)?.[1];
      return errno ? `could not be reached (${errno})` : "could not be reached";
    }
    case "http_error": {
      const status = /^RDAP (?:bootstrap )?(\d{3})\b/.exec(error)?.[1];
      return status ? `answered HTTP ${status}` : "answered with an HTTP error";
    }
    case "rate_limited":
      return attempt.retryAfterMs === undefined
        ? "rate limited the query"
        : `rate limited the query (Retry-After: ${Math.ceil(attempt.retryAfterMs / 1000)} s)`;
    case "blocked":
      return "refuses queries from this client";
    case "no_data":
      return "closed the connection without answering";
    case "aborted":
      return "was cut off";
    default:
      // Matched, never quoted: the parser's message quotes the upstream body.
      return isRdap(attempt) && /\bJSON\b/.test(error) ? "answered with invalid JSON" : "failed";
  }
}
