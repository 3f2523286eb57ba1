import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

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
  },
  { description: "Known weaknesses, each asked with a hello of the scan's own." },
);
export type SslVulnerabilities = Static<typeof SslVulnerabilitiesSchema>;
