import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

/** The TLS versions a scan enumerates suites of. */
export const scanVersions = ["TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3"] as const;
export type ScanVersion = (typeof scanVersions)[number];

/** SSL Labs' letters, best first; T: the certificate is not trusted or not for the name. */
export const sslGrades = ["A+", "A", "A-", "B", "C", "D", "E", "F", "T"] as const;
export type SslGrade = (typeof sslGrades)[number];

/** What is broken about a suite, in the order the checks and the grade care about. */
export const suiteWeaknesses = ["null", "anonymous", "export", "rc4", "des", "3des"] as const;
export type SuiteWeakness = (typeof suiteWeaknesses)[number];

/** One accepted suite of `configuration.ciphers`. */
export const ScannedSuiteSchema = Type.Object({
  /** OpenSSL's name. */
  name: Type.String({ examples: ["ECDHE-RSA-AES128-GCM-SHA256"] }),
  /** IANA's name. */
  standardName: Type.String({ examples: ["TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"] }),
  /** An ephemeral key exchange (ECDHE, DHE; every TLS 1.3 suite). */
  forwardSecrecy: Type.Boolean(),
  aead: Type.Boolean({ description: "GCM, CCM or ChaCha20-Poly1305." }),
  weakness: Nullable(StringEnum(suiteWeaknesses)),
});
export type ScannedSuite = Static<typeof ScannedSuiteSchema>;

const nullableBoolean = Nullable(Type.Boolean());
const suites = Type.Array(ScannedSuiteSchema);

/** `data.configuration`: what the server accepts. */
export const SslConfigurationSchema = Type.Object(
  {
    /** The address scanned. */
    address: Type.String(),
    protocols: Type.Object(
      {
        SSLv2: nullableBoolean,
        SSLv3: nullableBoolean,
        TLSv1: nullableBoolean,
        "TLSv1.1": nullableBoolean,
        "TLSv1.2": nullableBoolean,
        "TLSv1.3": nullableBoolean,
      },
      {
        description:
          "Accepted or not; null when it could not be told. Every version is asked with a hand-written ClientHello, SSL 2 in its own record format.",
      },
    ),
    /** Accepted suites per version, in the order the server picked them. */
    ciphers: Type.Object(
      { TLSv1: suites, "TLSv1.1": suites, "TLSv1.2": suites, "TLSv1.3": suites },
      { description: "Accepted suites per protocol version." },
    ),
    serverOrder: Nullable(Type.Boolean(), {
      description:
        "TLS 1.2: the server picks by its own preference; null with fewer than two suites.",
    }),
    /** Key exchange groups accepted ("X25519", "prime256v1", "ffdhe2048"...), at the best version. */
    groups: Type.Array(Type.String(), { examples: [["X25519", "prime256v1"]] }),
    /** Smallest finite-field DH group seen in a DHE exchange, in bits. */
    dhBits: Nullable(Type.Integer({ minimum: 1 })),
    secureRenegotiation: Nullable(Type.Boolean(), {
      description:
        "The ServerHello of the best version up to TLS 1.2 carries renegotiation_info (RFC 5746).",
    }),
    notDetermined: Type.Object(
      {
        SSLv2: Type.Optional(Type.String()),
        SSLv3: Type.Optional(Type.String()),
        secureRenegotiation: Type.Optional(Type.String()),
      },
      {
        description:
          "Why `protocols.SSLv2`, `protocols.SSLv3` or `secureRenegotiation` is null, by that name.",
      },
    ),
    /** Connections the scan opened, one a ClientHello. */
    handshakes: Type.Integer({ minimum: 0 }),
    failedHandshakes: Type.Integer({
      minimum: 0,
      description: "Handshakes cut short by the network rather than refused by TLS.",
    }),
    complete: Type.Boolean({
      description: "False when the server stopped answering or the budget ran out mid-scan.",
    }),
  },
  {
    description:
      "What the address accepts, one handshake per question, as far as Node's OpenSSL can ask (see the engine README).",
  },
);
export type SslConfiguration = Static<typeof SslConfigurationSchema>;
