import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

/** Session resumption, asked beside the weaknesses: how a returning client skips the full handshake. */
export const SslResumptionSchema = Type.Object(
  {
    sessionId: Nullable(Type.Boolean(), {
      description:
        "A TLS 1.2-or-earlier session offered again by its id (no ticket) is resumed; null: not asked.",
    }),
    ticket: Nullable(Type.Boolean(), {
      description:
        "The server issues a session ticket (RFC 5077) at TLS 1.2 or earlier and resumes the session it holds; null: not asked.",
    }),
    tls13: Nullable(Type.Boolean(), {
      description:
        "A TLS 1.3 ticket (NewSessionTicket) resumes the session (PSK, RFC 8446 2.2); null: not asked.",
    }),
    maxEarlyData: Nullable(Type.Integer({ minimum: 0 }), {
      description:
        "max_early_data_size of the server's first TLS 1.3 ticket (RFC 8446 4.6.1): over 0, it takes 0-RTT data; 0 without it or without a ticket; null: not asked.",
    }),
  },
  {
    description:
      "Session resumption, each kind by two connections: one full, one offering its session.",
  },
);
export type SslResumption = Static<typeof SslResumptionSchema>;

export const fallbackScsvVerdicts = ["honoured", "ignored", "not-applicable"] as const;

/** `vulnerabilities`: the known weaknesses the scan asks about with hellos of its own. */
export const SslVulnerabilitiesSchema = Type.Object(
  {
    fallbackScsv: Nullable(StringEnum(fallbackScsvVerdicts), {
      description:
        "TLS_FALLBACK_SCSV (RFC 7507) in a hello of the best version below the best accepted: honoured (inappropriate_fallback), ignored (a downgrade is accepted), not-applicable (one version accepted); null: not told.",
    }),
    compression: Nullable(Type.Boolean(), {
      description:
        "The server picks DEFLATE when a hello offers it (CRIME); false also at TLS 1.3 alone, which has no compression; null: not told.",
    }),
    heartbeat: Nullable(Type.Boolean(), {
      description:
        "The server agrees to TLS heartbeats (RFC 6520) in a hello of the best version up to TLS 1.2 that offers them; null: not told.",
    }),
    heartbleed: Nullable(Type.Boolean(), {
      description:
        "CVE-2014-0160: a HeartbeatRequest claiming 16 KiB of payload and carrying none is answered with more than was sent (the server's memory); false also without heartbeats and at TLS 1.3 alone; null: not told.",
    }),
    ccsInjection: Nullable(Type.Boolean(), {
      description:
        "CVE-2014-0224: a ChangeCipherSpec sent before the key exchange is taken (the next record fails to decrypt) instead of refused; false also at TLS 1.3 alone; null: not told.",
    }),
    clientRenegotiation: Nullable(Type.Boolean(), {
      description:
        "A renegotiation the client starts on a finished TLS 1.2-or-earlier handshake goes through (CVE-2011-1473); false also at TLS 1.3 alone, which has none; null: not told.",
    }),
    resumption: Nullable(SslResumptionSchema),
  },
  { description: "Known weaknesses, each asked with a hello of the scan's own." },
);
export type SslVulnerabilities = Static<typeof SslVulnerabilitiesSchema>;
