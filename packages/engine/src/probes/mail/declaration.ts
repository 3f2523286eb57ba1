import { FindingSchema } from "../../contract/finding.js";
import {
  Defaulted,
  Nullable,
  type OptionsOf,
  type SettingsOf,
  type Static,
  StringEnum,
  Type,
} from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { TlsaSchema } from "../../protocols/dane/tlsa-schema.js";
import { TrustAnchorsOption } from "../../protocols/dnssec/trust-anchors-option.js";
import { smtpFailureReasons, smtpSteps } from "../../protocols/smtp/smtp-conversation.js";
import { NegotiatedCipherSchema } from "../../protocols/tls/negotiated-cipher.js";
import { CaOption } from "../../protocols/x509/ca-option.js";
import example from "./openapi-example.json" with { type: "json" };

// Objects stay open so fields can be added; the tests close them to check every field is described.

/** A DKIM selector: dot-separated DNS labels (RFC 6376 3.1). */
export const dkimSelectorPattern =
  /^[a-z0-9](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9](?:[a-z0-9_-]{0,62}))*$/i;

const port = (description: string, fallback: number) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: 65535, default: fallback, description }));
const perHost = (description: string, fallback: number) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: 16, default: fallback, description }));

export const MailOptions = Type.Object(
  {
    smtp: Defaulted(
      Type.Boolean({
        default: true,
        description:
          "Talk SMTP to the MX hosts. Many clouds block outbound port 25: there, turn it off.",
      }),
    ),
    smtpPort: port("SMTP port of every MX.", 25),
    dkimSelectors: Defaulted(
      Type.Array(
        Type.String({
          pattern: dkimSelectorPattern.source,
          expect: "a DKIM selector (DNS labels: letters, digits, hyphens, underscores)",
        }),
        {
          default: [],
          expect: "an array of DKIM selectors (DNS labels)",
          description: "DKIM selectors tried besides the common ones (selectors cannot be listed).",
        },
      ),
    ),
    ca: Defaulted(CaOption),
    mtaStsPort: port("Port of the MTA-STS policy host (for tests).", 443),
    trustAnchors: Defaulted(TrustAnchorsOption),
    maxMxHosts: perHost("MX hosts probed, lowest preference first.", 5),
    maxAddressesPerHost: perHost("Addresses probed per MX host, IPv4 first.", 2),
  },
  { additionalProperties: false },
);

const strings = Type.Array(Type.String());

const MailCertificateSchema = Type.Object({
  subject: Type.String(),
  issuer: Type.String(),
  notBefore: Type.String({ format: "date-time" }),
  notAfter: Type.String({ format: "date-time" }),
  daysRemaining: Type.Integer(),
  subjectAltNames: strings,
  keyType: Nullable(Type.String()),
  keySize: Nullable(Type.Integer()),
  fingerprint256: Type.String(),
  selfSigned: Type.Boolean(),
});

const MailTlsSchema = Type.Object(
  {
    protocol: Nullable(Type.String()),
    cipher: NegotiatedCipherSchema,
    trusted: Type.Boolean(),
    trustError: Nullable(Type.String()),
    /** The leaf names the MX host (browser rules: SAN DNS names, whole-label wildcards). */
    hostnameMatch: Nullable(Type.Boolean()),
    certificate: Nullable(MailCertificateSchema),
    /** Certificates sent, leaf included. */
    chainLength: Type.Integer({ minimum: 0 }),
  },
  { description: "The TLS session after STARTTLS; trust is reported, not enforced." },
);

const MailEndpointSchema = Type.Object(
  {
    address: Type.String(),
    banner: Nullable(Type.String()),
    extensions: Nullable(strings),
    starttls: Nullable(Type.Boolean()),
    tls: Nullable(MailTlsSchema),
    error: Nullable(
      Type.Object({
        step: StringEnum(smtpSteps),
        reason: StringEnum(smtpFailureReasons),
        code: Type.String(),
        message: Type.String(),
      }),
    ),
    /** Whether a TLSA record of the host matches the chain sent; null without both. */
    tlsaMatch: Nullable(Type.Boolean()),
    durationMs: Type.Integer({ minimum: 0 }),
  },
  {
    description:
      "One SMTP conversation: banner, EHLO, STARTTLS, handshake, QUIT (never MAIL FROM).",
  },
);

const MailHostSchema = Type.Object({
  host: Type.String(),
  preference: Type.Integer(),
  /** Addresses the policy lets us connect to, IPv4 first. */
  addresses: strings,
  /** Addresses refused by the address policy. */
  refusedAddresses: strings,
  /** Why the host's addresses could not be read, or null. */
  resolveError: Nullable(Type.String()),
  /** TLSA records at `_<port>._tcp.<host>` (DANE, RFC 7672). */
  tlsa: Type.Array(TlsaSchema),
  /**
   * Whether the TLSA answer is DNSSEC-secure, validated by the probe from the trust anchor;
   * null without TLSA records. Only secure records count for DANE (RFC 7672 2.2).
   */
  tlsaDnssec: Nullable(Type.Object({ secure: Type.Boolean(), reason: Nullable(Type.String()) })),
  /** One a probed address (capped); empty when SMTP probing is off. */
  endpoints: Type.Array(MailEndpointSchema),
});

export const MtaStsPolicySchema = Type.Object({
  version: Nullable(Type.String()),
  mode: Nullable(StringEnum(["enforce", "testing", "none"])),
  mx: strings,
  maxAge: Nullable(Type.Integer()),
  /** Why it does not parse as RFC 8461 3.2 wants; empty when it does. */
  problems: strings,
});

export const TlsRptRecordSchema = Type.Object({
  record: Type.String(),
  valid: Type.Boolean(),
  rua: strings,
  problem: Nullable(Type.String()),
});

export const DkimKeySchema = Type.Object({
  selector: Type.String(),
  record: Type.String(),
  keyType: Type.String(),
  /** RSA modulus bits; 256 for Ed25519; null when the key does not parse. */
  keyBits: Nullable(Type.Integer()),
  testing: Type.Boolean(),
  revoked: Type.Boolean(),
});

export const BimiRecordSchema = Type.Object({
  record: Type.String(),
  location: Nullable(Type.String()),
  authority: Nullable(Type.String()),
});

export const MailDataSchema = Type.Object({
  mx: Type.Object({
    records: Type.Array(Type.Object({ preference: Type.Integer(), exchange: Type.String() })),
    nullMx: Type.Boolean({ description: "A single MX of `.` (RFC 7505): no mail taken." }),
  }),
  smtp: Type.Object({ enabled: Type.Boolean(), port: Type.Integer() }),
  hosts: Type.Array(MailHostSchema),
  mtaSts: Type.Object({
    /** The `_mta-sts` TXT record (v=STSv1), or null when none. */
    record: Nullable(Type.String()),
    id: Nullable(Type.String()),
    policyUrl: Nullable(Type.String()),
    policy: Nullable(MtaStsPolicySchema),
    /** Why no usable policy was had, or null. */
    problem: Nullable(Type.String()),
  }),
  tlsRpt: Nullable(TlsRptRecordSchema),
  dkim: Type.Object({ selectors: strings, keys: Type.Array(DkimKeySchema) }),
  bimi: Nullable(BimiRecordSchema),
  findings: Type.Array(FindingSchema),
});

export type MailProbeOptions = OptionsOf<typeof MailOptions>;
export type MailSettings = SettingsOf<typeof MailOptions>;
export type MailData = Static<typeof MailDataSchema>;
export type MailHost = MailData["hosts"][number];
export type MailEndpoint = MailHost["endpoints"][number];
export type MailTls = NonNullable<MailEndpoint["tls"]>;
export type MailCertificate = NonNullable<MailTls["certificate"]>;
export type MtaStsPolicy = Static<typeof MtaStsPolicySchema>;
export type TlsRptRecord = Static<typeof TlsRptRecordSchema>;
export type DkimKey = Static<typeof DkimKeySchema>;
export type BimiRecord = Static<typeof BimiRecordSchema>;

export const mailDeclaration = {
  name: "mail",
  summary:
    "Receiving mail: each MX over SMTP with STARTTLS and its certificate, MTA-STS, TLS-RPT, DKIM and BIMI.",
  options: MailOptions,
  engineOptions: { key: "mail", pick: ["smtp", "smtpPort", "dkimSelectors"] } as const,
  data: MailDataSchema,
  example: example as MailData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof MailOptions, typeof MailDataSchema>;
