import {
  Defaulted,
  Methods,
  type OptionsOf,
  type SettingsOf,
  Type,
} from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { TrustAnchorsOption } from "../../protocols/dnssec/trust-anchors-option.js";
import type { NetworkData } from "../../protocols/ip-network/network-data.js";
import type { DnsData } from "./dns-data.js";
import example from "./openapi-example.json" with { type: "json" };
import { dnsDataSchema } from "./schema.js";

const port = (description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum: 65535, default: 53, description }));

export const DnsOptions = Type.Object(
  {
    port: port("Port of resolvers given without one (configured or the system's)."),
    authoritativePort: port(
      "Port of the authoritative name servers the health assessment asks directly (the zone's and its parent's); tests point it at servers on loopback.",
    ),
    udpTries: Defaulted(
      Type.Integer({
        minimum: 1,
        maximum: 5,
        default: 2,
        description: "UDP sends per query before a server counts as unreachable.",
      }),
    ),
    tryTimeoutMs: Type.Optional(
      Type.Integer({
        minimum: 50,
        maximum: 60_000,
        description:
          "Budget of one UDP try (and of a TCP exchange). Default: the probe's budget less the answer's reserve, shared by every resolver's tries, kept within 200..2000 ms.",
      }),
    ),
    trustAnchors: Defaulted(TrustAnchorsOption),
    networkData: Type.Optional(
      Methods<NetworkData>(["lookup"], {
        expect: "the engine's network data",
        description:
          "Where dns.ns.as-diversity finds each name server address's origin AS: the engine's network data (hosting.asnSource), the same the hosting section reads. Default: Team Cymru's DNS through the resolvers.",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The `data` schema, until the dns section's is written with TypeBox. */
const DnsDataSchema = Type.Unsafe<DnsData>(dnsDataSchema);

export type DnsProbeOptions = OptionsOf<typeof DnsOptions>;
export type DnsSettings = SettingsOf<typeof DnsOptions>;

export const dnsDeclaration = {
  name: "dns",
  summary: "DNS records of the domain, each with its TTL, and a health assessment of its zone.",
  options: DnsOptions,
  engineOptions: { key: "dns", pick: ["trustAnchors"] } as const,
  data: DnsDataSchema,
  example: example as DnsData,
  defaultTtlMs: 5 * 60_000,
} satisfies SectionDeclaration<typeof DnsOptions, typeof DnsDataSchema>;
