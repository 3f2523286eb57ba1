import type { Finding } from "../../contract/finding.js";
import type { Tlsa } from "../../protocols/dane/tlsa.js";
import type { SslCipher } from "../../protocols/tls/negotiated-cipher.js";
import type {
  SslCertificate,
  SslChainCertificate,
  SslName,
  SslSct,
  SslValidationType,
} from "../../protocols/x509/certificate-types.js";
import type { SslGrade } from "./scan/grade.js";
import type { SslConfiguration } from "./scan/scan-configuration.js";

export type { ScannedSuite, SuiteWeakness } from "./scan/cipher-suites.js";
export type { SslGrade } from "./scan/grade.js";
export type { SslConfiguration } from "./scan/scan-configuration.js";
export type { SslCertificate, SslChainCertificate, SslCipher, SslName, SslSct, SslValidationType };

/**
 * Why no certificate could be read. `no_address` and `blocked_address` mean no connection was
 * attempted; the others describe what the one connection attempt ran into.
 */
export type SslUnreachableReason =
  | "no_address" // the name has no A or AAAA record
  | "blocked_address" // every address is refused by the network policy (private, loopback...)
  | "refused" // nothing listening: TCP connection refused
  | "unreachable" // no route to the address
  | "timeout" // the TCP connect (ETIMEDOUT) or TLS handshake (ERR_TLS_HANDSHAKE_TIMEOUT) ran out of time
  | "reset" // the peer closed or reset the connection before the handshake completed
  | "no_tls" // the peer answered, but not with TLS (plain HTTP, garbage)
  | "handshake_failed" // the peer speaks TLS but the handshake failed (alert, no common protocol)
  | "error"; // anything else; `errorCode` says what

/** An address's outcome: an SslUnreachableReason, or `not_probed` (beyond `maxAddresses`, or out of time). */
export type SslEndpointReason = Exclude<SslUnreachableReason, "no_address"> | "not_probed";

/** One address of the name and what its handshake showed. */
export interface SslEndpoint {
  address: string;
  family: 4 | 6;
  /** The address's range by the network policy ("unicast", "loopback", "private"...). */
  range: string;
  reachable: boolean;
  /** Null when reachable. */
  reason: SslEndpointReason | null;
  errorCode: string | null;
  protocol: string | null;
  trusted: boolean | null;
  trustError: string | null;
  hostnameMatch: boolean | null;
  ocspStapled: boolean | null;
  /** The leaf's SHA-256 fingerprint. */
  fingerprint256: string | null;
  /** What this address accepts; null when it was not scanned (unreachable, scan off). */
  configuration: SslConfiguration | null;
  /** This address's grade from its own certificate and scan; null without a scan. */
  grade: SslGrade | null;
  gradeReasons: string[];
}

/**
 * The `data` of the `ssl` section. Every key is always present; what could not be observed
 * is null (everything about the handshake when `reachable` is false). The top-level fields
 * describe one address: the first that completed a handshake, else the first tried.
 */
export interface SslData {
  reachable: boolean;
  /** Null when reachable. */
  reason: SslUnreachableReason | null;
  /** The system or OpenSSL code behind `reason` ("ECONNREFUSED", "ERR_SSL_WRONG_VERSION_NUMBER"). */
  errorCode: string | null;
  /** The address connected to; null when no connection was attempted. */
  address: string | null;
  port: number;
  /** Negotiated protocol, e.g. "TLSv1.3". */
  protocol: string | null;
  cipher: SslCipher | null;
  /** Negotiated ALPN protocol ("h2", "http/1.1"), null when the server chose none. */
  alpn: string | null;
  /** The server stapled an OCSP response to the handshake. */
  ocspStapled: boolean | null;
  /** The chain verifies to a trusted root (Node's bundled roots plus configured ones). Host name not included. */
  trusted: boolean | null;
  /** OpenSSL's verification code when not trusted, e.g. "CERT_HAS_EXPIRED". */
  trustError: string | null;
  /** The certificate is valid for the domain, checked apart from the chain. */
  hostnameMatch: boolean | null;
  certificate: SslCertificate | null;
  /** The certificates exactly as the server sent them, leaf first; empty when unreachable. */
  chain: SslChainCertificate[];
  /** Every address of the name, IPv4 first; the top-level fields describe the first reachable. */
  endpoints: SslEndpoint[];
  /**
   * What the worst-graded reachable address accepts (each address's is in `endpoints`); null
   * when unreachable or the scan is off.
   */
  configuration: SslConfiguration | null;
  /** SSL Labs-style grade: the worst address's, from its certificate and scan; null without a scan. */
  grade: SslGrade | null;
  /** The caps that lowered the grade ("B: accepts TLS 1.0 or 1.1"), or why it is T. */
  gradeReasons: string[];
  /** DANE for the web site: the TLSA records at `_<port>._tcp.<domain>` (RFC 6698, 7671). */
  dane: SslDane;
  findings: Finding[];
}

export interface SslDane {
  /** Where the records were looked up: `_443._tcp.<domain>`. */
  owner: string;
  tlsa: Tlsa[];
  /** The answer validated from the trust anchors by the dns section's own code; null without records. */
  secure: boolean | null;
  /** Why the answer is not secure (the first break in the chain of trust). */
  reason: string | null;
  /** Whether a record matches the chain the first reachable address sent; null without one. */
  match: boolean | null;
}
