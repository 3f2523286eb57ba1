/** The `data` of the whois (registration) section. */
export interface WhoisData {
  /** The registrable domain that was looked up (a subdomain is looked up by its registrable domain). */
  queriedDomain: string;
  /** False when the registry says the name does not exist (RDAP 404, WHOIS "No match"). */
  registered: boolean;
  /** Which protocol produced the answer. */
  source: "rdap" | "whois";
  registrar: WhoisRegistrar | null;
  /** EPP status codes (RDAP status values are mapped to their EPP codes per RFC 8056). */
  statuses: string[];
  createdAt: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  /** Whole days until `expiresAt` when the lookup ran; negative once expired. */
  expiresInDays: number | null;
  /** Lower-case host names, without a trailing dot. */
  nameservers: string[];
  dnssec: { delegationSigned: boolean | null };
  /** Every registry or registrar server asked, in order. */
  servers: WhoisServer[];
}

export interface WhoisRegistrar {
  name: string | null;
  ianaId: string | null;
  url: string | null;
  abuseEmail: string | null;
  abusePhone: string | null;
}

export type WhoisServer =
  | { kind: "rdap"; url: string; outcome: ServerOutcome }
  | { kind: "whois"; host: string; outcome: ServerOutcome };

/** What asking one server gave. */
export type ServerOutcome =
  | "ok"
  | "not_found"
  | "timeout"
  | "connect_failed"
  | "address_not_allowed"
  | "response_too_large"
  | "redirect_failed"
  | "http_error"
  | "rate_limited"
  | "blocked"
  | "no_data"
  | "unparseable"
  | "aborted"
  | "error";

export const serverOutcomes: readonly ServerOutcome[] = [
  "ok",
  "not_found",
  "timeout",
  "connect_failed",
  "address_not_allowed",
  "response_too_large",
  "redirect_failed",
  "http_error",
  "rate_limited",
  "blocked",
  "no_data",
  "unparseable",
  "aborted",
  "error",
];
