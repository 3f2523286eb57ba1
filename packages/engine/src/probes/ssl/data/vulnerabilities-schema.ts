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
  },
  { description: "Known weaknesses, each asked with a hello of the scan's own." },
);
export type SslVulnerabilities = Static<typeof SslVulnerabilitiesSchema>;
