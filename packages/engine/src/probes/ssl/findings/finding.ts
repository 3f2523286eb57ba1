import { type Finding, type FindingStatus, makeFinding } from "../../../contract/finding.js";
import type { SslChainCertificate } from "../../../protocols/x509/certificate-types.js";
import type { ChainPath } from "../../../protocols/x509/chain-path.js";
import { certificatesOnPath as pathOf } from "../chain-facts.js";
import type { SslFacts } from "../declaration.js";

/** The ids this probe always reports, in this order, so a client sees what was checked. */
export const sslFindingIds = [
  "ssl.unreachable",
  "ssl.cert.expired",
  "ssl.cert.not-yet-valid",
  "ssl.cert.expiring-soon",
  "ssl.cert.long-validity",
  "ssl.cert.self-signed",
  "ssl.cert.untrusted",
  "ssl.cert.hostname-mismatch",
  "ssl.cert.weak-key",
  "ssl.cert.weak-signature",
  "ssl.cert.transparency",
  "ssl.chain.incomplete",
  "ssl.chain.order",
  "ssl.chain.unrelated",
  "ssl.chain.contains-anchor",
  "ssl.chain.expired",
  "ssl.tls.legacy-protocol",
  "ssl.ocsp.not-stapled",
  "ssl.cert.revoked",
  "ssl.endpoints.inconsistent",
  "ssl.protocols.legacy",
  "ssl.protocols.tls13",
  "ssl.ciphers.weak",
  "ssl.ciphers.forward-secrecy",
  "ssl.groups.post-quantum",
  "ssl.clients.locked-out",
  "ssl.profile.mozilla",
  "ssl.vuln.fallback-scsv",
  "ssl.vuln.compression",
  "ssl.vuln.heartbleed",
  "ssl.vuln.ccs-injection",
  "ssl.vuln.renegotiation",
  "ssl.vuln.zero-rtt",
  "ssl.session.resumption",
  "ssl.dane.tlsa",
] as const;

export type SslFindingId = (typeof sslFindingIds)[number];

export interface SslFindingsInput {
  domain: string;
  data: SslFacts;
  now: number;
  /** How the certificates in `data.chain` link up; null when none were read. */
  chainPath?: ChainPath | null;
  /** The name would match only through the subject CN. */
  commonNameOnly?: boolean;
  /** Addresses the policy refused, for `blocked_address`. */
  refusedAddresses?: readonly string[];
  /** The step timeout that ran out, for `timeout`. */
  timeoutMs?: number | undefined;
  /** What is wrong with a certificate the server sent that does not parse. */
  certificateProblem?: string | null;
  /** The configuration scan is turned off (`ssl.scan: false`). */
  scanOff?: boolean;
  /** The configuration scan was not started: the budget was spent by then. */
  scanOutOfTime?: boolean;
  /** Addresses whose handshake never started: the run's budget was spent first. */
  notTried?: readonly string[] | undefined;
}

/** Input of the checks that need the leaf certificate. */
export type CertificateFindingsInput = SslFindingsInput & {
  certificate: NonNullable<SslFacts["certificate"]>;
};

export function finding(
  id: SslFindingId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return makeFinding(id, status, message, details);
}

export const dayMs = 86_400_000;

/** Whole days in `ms`, for messages. */
export function days(ms: number): number {
  return Math.floor(Math.abs(ms) / dayMs);
}

/** "1 address", "2 addresses". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/** The certificates the chain relies on, leaf first: the sent path, or the leaf alone. */
export function certificatesOnPath(input: CertificateFindingsInput): SslChainCertificate[] {
  return pathOf({ chain: input.data.chain, chainPath: input.chainPath, leaf: input.certificate });
}

/** Why the scan's findings were not checked, when no address was scanned. */
export function notScannedWhy(input: SslFindingsInput): string {
  if (input.scanOff) return "the configuration scan is turned off (ssl.scan: false)";
  if (input.scanOutOfTime) return "no time was left in the budget for the configuration scan";
  return "no TLS handshake was made";
}
