import { FindingSchema } from "../../contract/finding.js";
import {
  Defaulted,
  Nullable,
  OneOf,
  type OptionsOf,
  type SettingsOf,
  type Static,
  StringEnum,
  Type,
} from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { TlsaSchema } from "../../protocols/dane/tlsa-schema.js";
import { TrustAnchorsOption } from "../../protocols/dnssec/trust-anchors-option.js";
import { NegotiatedCipherSchema } from "../../protocols/tls/negotiated-cipher.js";
import { CaOption } from "../../protocols/x509/ca-option.js";
import {
  SslCertificateSchema,
  SslChainCertificateSchema,
} from "../../protocols/x509/certificate-types.js";
import { SslClientsSchema } from "./data/clients-schema.js";
import { SslConfigurationSchema, sslGrades } from "./data/configuration-schema.js";
import {
  ClientFailureSchema,
  SslEndpointSchema,
  sslUnreachableReasons,
} from "./data/endpoint-schema.js";
import { SslGroupsSchema } from "./data/groups-schema.js";
import { SslProfilesSchema } from "./data/profiles-schema.js";
import { SslRevocationSchema } from "./data/revocation-schema.js";
import { SslVulnerabilitiesSchema } from "./data/vulnerabilities-schema.js";
import example from "./openapi-example.json" with { type: "json" };

const maxTimerMs = 2_147_483_647;
const milliseconds = (description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: maxTimerMs, default: 5000, description }));

export const SslOptions = Type.Object(
  {
    port: Defaulted(
      Type.Integer({ minimum: 1, maximum: 65535, default: 443, description: "TCP port to probe." }),
    ),
    ca: Defaulted(CaOption),
    connectTimeoutMs: milliseconds("Limit on the TCP connect to each address."),
    handshakeTimeoutMs: milliseconds("Limit on the TLS handshake once TCP is connected."),
    maxAddresses: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 64,
        default: 16,
        description:
          "How many of the name's allowed addresses get a handshake (IPv4 first), at once under the engine's concurrency limit.",
      }),
    ),
    scan: Defaulted(
      Type.Boolean({
        default: true,
        description:
          "The configuration scan of every reachable address: protocol versions, suites, server order, groups, and the grade.",
      }),
    ),
    scanConcurrency: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 64,
        default: 8,
        description: "Scan handshakes at once with one host.",
      }),
    ),
    trustAnchors: Defaulted(TrustAnchorsOption),
    revocation: Defaulted(
      Type.Boolean({
        default: true,
        description:
          "Check whether the certificate is revoked: the stapled OCSP response, else the OCSP responder and the CRL the certificate names, fetched over HTTP through the address policy.",
      }),
    ),
  },
  { additionalProperties: false },
);

export type SslProbeOptions = OptionsOf<typeof SslOptions>;
export type SslSettings = SettingsOf<typeof SslOptions>;

// Objects stay open (no additionalProperties: false) so fields can be added without breaking
// clients that validate; the tests close them to check that every field is described.

export const SslDaneSchema = Type.Object(
  {
    /** Where the records were looked up: `_443._tcp.<domain>`. */
    owner: Type.String(),
    tlsa: Type.Array(TlsaSchema),
    /** The answer validated from the trust anchors by the dns section's own code; null without records. */
    secure: Nullable(Type.Boolean()),
    /** Why the answer is not secure (the first break in the chain of trust). */
    reason: Nullable(Type.String()),
    /** Whether a record matches the chain the first reachable address sent; null without one. */
    match: Nullable(Type.Boolean()),
  },
  {
    description:
      "DANE for the web site: TLSA records at _<port>._tcp.<domain>, trusted only when the answer validates from the trust anchors.",
  },
);
export type SslDane = Static<typeof SslDaneSchema>;

const addressFormats = [
  { type: "string", format: "ipv4" },
  { type: "string", format: "ipv6" },
];

/** What every state of `data` has, whatever the handshakes showed. */
const always = {
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  endpoints: Type.Array(SslEndpointSchema, {
    description:
      "Every address of the name, IPv4 first, each with its own scan and grade; the top-level `configuration` and `grade` are the worst address's.",
  }),
  gradeReasons: Type.Array(Type.String(), {
    description:
      "The caps that lowered the grade, or why it is T; in the full report, why it is A+.",
  }),
  dane: SslDaneSchema,
  findings: Type.Array(FindingSchema),
};

const gradeDescription =
  "SSL Labs-style grade; T when the certificate is not trusted or not for the name; F when it is revoked; null without a scan. A+ only in the full report, from the http section's HSTS.";

/** A handshake completed with an address: the top-level fields describe it. */
const ReachableSslSchema = Type.Object(
  {
    reachable: Type.Literal(true),
    reason: Type.Null({ description: "Why no handshake completed; null when reachable." }),
    errorCode: Type.Null(),
    address: Type.Unsafe<string>({
      anyOf: addressFormats,
      description: "The address connected to.",
    }),
    port: always.port,
    protocol: Type.String({ examples: ["TLSv1.3"] }),
    cipher: NegotiatedCipherSchema,
    alpn: Nullable(Type.String(), { examples: ["h2", "http/1.1"] }),
    ocspStapled: Type.Boolean({
      description: "The server stapled an OCSP response to the handshake.",
    }),
    clientFailure: Nullable(ClientFailureSchema),
    trusted: Nullable(Type.Boolean(), {
      description:
        "The chain verifies to a trusted root; the host name is not part of it. Null when no certificate could be read (sent encrypted by a TLS 1.3 server OpenSSL could not complete a handshake with).",
    }),
    trustError: Nullable(Type.String(), {
      examples: ["CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT"],
    }),
    hostnameMatch: Nullable(Type.Boolean()),
    certificate: Nullable(SslCertificateSchema),
    chain: Type.Array(SslChainCertificateSchema, {
      description:
        "The certificates exactly as the server sent them, leaf first (not as a client rebuilt the chain).",
    }),
    endpoints: always.endpoints,
    configuration: Nullable(SslConfigurationSchema),
    groups: Nullable(SslGroupsSchema, { description: "The worst-graded address's groups." }),
    vulnerabilities: Nullable(SslVulnerabilitiesSchema, {
      description: "The worst-graded address's known weaknesses.",
    }),
    clients: Nullable(SslClientsSchema, {
      description: "The worst-graded address's handshake simulation.",
    }),
    profiles: Nullable(SslProfilesSchema, {
      description: "The worst-graded address against Mozilla's profiles.",
    }),
    revocation: Nullable(SslRevocationSchema, {
      description:
        "Whether the certificate of `address` is revoked; null when no certificate was read or `ssl.revocation` is false.",
    }),
    grade: Nullable(StringEnum(sslGrades), { description: gradeDescription }),
    gradeReasons: always.gradeReasons,
    dane: always.dane,
    findings: always.findings,
  },
  {
    title: "SslReachable",
    description: "A TLS handshake completed with `address`; the fields describe it.",
  },
);

/** No address completed a handshake: nothing about a handshake is known. */
const UnreachableSslSchema = Type.Object(
  {
    reachable: Type.Literal(false),
    reason: StringEnum(sslUnreachableReasons, { description: "Why no handshake completed." }),
    errorCode: Nullable(Type.String(), {
      examples: ["ECONNREFUSED", "ERR_SSL_WRONG_VERSION_NUMBER"],
    }),
    address: Type.Unsafe<string | null>({
      anyOf: [...addressFormats, { type: "null" }],
      description: "The address connected to; null when no connection was attempted.",
    }),
    port: always.port,
    protocol: Type.Null(),
    cipher: Type.Null(),
    alpn: Type.Null(),
    ocspStapled: Type.Null(),
    clientFailure: Type.Null(),
    trusted: Type.Null(),
    trustError: Type.Null(),
    hostnameMatch: Type.Null(),
    certificate: Type.Null(),
    chain: Type.Array(SslChainCertificateSchema, { maxItems: 0 }),
    endpoints: always.endpoints,
    configuration: Type.Null(),
    groups: Type.Null(),
    vulnerabilities: Type.Null(),
    clients: Type.Null(),
    profiles: Type.Null(),
    revocation: Type.Null(),
    grade: Type.Null(),
    gradeReasons: always.gradeReasons,
    dane: always.dane,
    findings: always.findings,
  },
  {
    title: "SslUnreachable",
    description: "No address completed a TLS handshake; `reason` says why.",
  },
);

/** The `data` of the `ssl` section: reachable or not, each state with every key present. */
export const SslDataSchema = OneOf([ReachableSslSchema, UnreachableSslSchema], {
  title: "SslData",
  description:
    "One TLS handshake with each allowed address of the domain; the top-level fields describe the first that completed one. Trust, validity and host name are reported, not enforced.",
});

export type SslData = Static<typeof SslDataSchema>;
export type SslReachableData = Static<typeof ReachableSslSchema>;
export type SslUnreachableData = Static<typeof UnreachableSslSchema>;
/** `data` before its findings are added, in either state. */
export type SslFacts = Omit<SslReachableData, "findings"> | Omit<SslUnreachableData, "findings">;

export const sslDeclaration = {
  name: "ssl",
  summary: "TLS certificate probe: one handshake with SNI on port 443.",
  options: SslOptions,
  engineOptions: { key: "ssl", pick: ["ca", "scan", "revocation"] } as const,
  data: SslDataSchema,
  example: example as SslData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof SslOptions, typeof SslDataSchema>;
