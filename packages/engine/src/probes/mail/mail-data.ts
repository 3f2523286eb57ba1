import type { Finding } from "../../contract/finding.js";
import type { Tlsa } from "../dns/dane/tlsa.js";
import type { SslCipher } from "../ssl/index.js";
import type { BimiRecord, DkimKey, MtaStsPolicy, TlsRptRecord } from "./mail-records.js";
import type { SmtpFailureReason, SmtpStep } from "./smtp-conversation.js";

/** The leaf an MX presented after STARTTLS, read with the ssl section's certificate code. */
export interface MailCertificate {
  subject: string;
  issuer: string;
  notBefore: string;
  notAfter: string;
  daysRemaining: number;
  subjectAltNames: string[];
  keyType: string | null;
  keySize: number | null;
  fingerprint256: string;
  selfSigned: boolean;
}

export interface MailTls {
  protocol: string | null;
  cipher: SslCipher;
  trusted: boolean;
  trustError: string | null;
  /** The leaf names the MX host (browser rules: SAN DNS names, whole-label wildcards). */
  hostnameMatch: boolean | null;
  certificate: MailCertificate | null;
  /** Certificates sent, leaf included. */
  chainLength: number;
}

/** One SMTP conversation with one address of an MX host. */
export interface MailEndpoint {
  address: string;
  banner: string | null;
  extensions: string[] | null;
  starttls: boolean | null;
  tls: MailTls | null;
  error: { step: SmtpStep; reason: SmtpFailureReason; code: string; message: string } | null;
  /** Whether a TLSA record of the host matches the chain sent; null without both. */
  tlsaMatch: boolean | null;
  durationMs: number;
}

export interface MailHost {
  host: string;
  preference: number;
  /** Addresses the policy lets us connect to, IPv4 first. */
  addresses: string[];
  /** Addresses refused by the address policy. */
  refusedAddresses: string[];
  /** Why the host's addresses could not be read, or null. */
  resolveError: string | null;
  /** TLSA records at `_<port>._tcp.<host>` (DANE, RFC 7672). */
  tlsa: Tlsa[];
  /**
   * Whether the TLSA answer is DNSSEC-secure, validated by the probe from the trust anchor;
   * null without TLSA records. Only secure records count for DANE (RFC 7672 2.2).
   */
  tlsaDnssec: { secure: boolean; reason: string | null } | null;
  /** One a probed address (capped); empty when SMTP probing is off. */
  endpoints: MailEndpoint[];
}

export interface MailData {
  mx: { records: { preference: number; exchange: string }[]; nullMx: boolean };
  smtp: { enabled: boolean; port: number };
  hosts: MailHost[];
  mtaSts: {
    /** The `_mta-sts` TXT record (v=STSv1), or null when none. */
    record: string | null;
    id: string | null;
    policyUrl: string | null;
    policy: MtaStsPolicy | null;
    /** Why no usable policy was had, or null. */
    problem: string | null;
  };
  tlsRpt: TlsRptRecord | null;
  dkim: { selectors: string[]; keys: DkimKey[] };
  bimi: BimiRecord | null;
  findings: Finding[];
}
