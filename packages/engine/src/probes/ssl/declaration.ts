import { Defaulted, type OptionsOf, type SettingsOf, Type } from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { TrustAnchorsOption } from "../../protocols/dnssec/trust-anchors-option.js";
import { CaOption } from "../../protocols/x509/ca-option.js";
import example from "./openapi-example.json" with { type: "json" };
import { sslDataSchema } from "./schema.js";
import type { SslData } from "./ssl-data.js";

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
  },
  { additionalProperties: false },
);

/** The `data` schema, until the ssl section's is written with TypeBox. */
const SslDataSchema = Type.Unsafe<SslData>(sslDataSchema);

export type SslProbeOptions = OptionsOf<typeof SslOptions>;
export type SslSettings = SettingsOf<typeof SslOptions>;

export const sslDeclaration = {
  name: "ssl",
  summary: "TLS certificate probe: one handshake with SNI on port 443.",
  options: SslOptions,
  engineOptions: { key: "ssl", pick: ["ca", "scan"] } as const,
  data: SslDataSchema,
  example: example as SslData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof SslOptions, typeof SslDataSchema>;
