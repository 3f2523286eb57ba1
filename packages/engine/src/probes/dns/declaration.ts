import { FindingSchema } from "../../contract/finding.js";
import {
  Defaulted,
  Methods,
  Nullable,
  type OptionsOf,
  type SettingsOf,
  type Static,
  StringEnum,
  Type,
} from "../../contract/schema.js";
import type { SectionDeclaration } from "../../contract/section-declaration.js";
import { ChainLevelSchema } from "../../protocols/dnssec/chain.js";
import { TrustAnchorsOption } from "../../protocols/dnssec/trust-anchors-option.js";
import type { NetworkData } from "../../protocols/ip-network/network-data.js";
import example from "./openapi-example.json" with { type: "json" };

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

/*
 * The `data` of the dns section. Objects are closed: the tests validate real probe output
 * against this schema, so a field added to the data must be described here. No `format`
 * keywords: validators without format support would reject the schema.
 */

const closed = { additionalProperties: false } as const;

const name = (description = "Lower-case DNS name without the trailing dot; `.` is the root.") =>
  Type.String({ description });
const ttl = Type.Integer({
  minimum: 0,
  maximum: 2147483647,
  description: "Time to live in seconds, as the resolver gave it.",
});
const uint8 = (description?: string) =>
  Type.Integer({ minimum: 0, maximum: 255, ...(description ? { description } : {}) });
const uint16 = (description?: string) =>
  Type.Integer({ minimum: 0, maximum: 65535, ...(description ? { description } : {}) });
const uint32 = Type.Integer({ minimum: 0, maximum: 4294967295 });

const AddressRecordSchema = (description: string) =>
  Type.Object({ address: Type.String({ description }), ttl }, closed);

export const DnsTxtRecordSchema = Type.Object(
  {
    value: Type.String({
      description: "The record's character-strings joined without separator (UTF-8).",
    }),
    chunks: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 2,
        description: "The character-strings one by one; present only when there are several.",
      }),
    ),
    ttl,
  },
  closed,
);

export const DnsSvcbRecordSchema = Type.Object(
  {
    priority: uint16("0 is AliasMode (RFC 9460 2.4.2), otherwise ServiceMode."),
    target: name(),
    params: Type.Unsafe<Record<string, unknown>>({
      type: "object",
      description:
        "SvcParams by name: alpn and mandatory lists, port, ipv4hint and ipv6hint lists, ech (base64), no-default-alpn and ohttp as true, dohpath; unknown keys as key<N> with a hex value.",
      properties: {
        mandatory: { type: "array", items: { type: "string" } },
        alpn: { type: "array", items: { type: "string" } },
        "no-default-alpn": { const: true },
        port: { type: "integer", minimum: 0, maximum: 65535 },
        ipv4hint: { type: "array", items: { type: "string" } },
        ech: { type: "string" },
        ipv6hint: { type: "array", items: { type: "string" } },
        dohpath: { type: "string" },
        ohttp: { const: true },
      },
      patternProperties: { "^key[0-9]+$": { type: "string" } },
      additionalProperties: false,
    }),
    ttl,
  },
  closed,
);

const SoaRecordSchema = Type.Object(
  {
    mname: name(),
    rname: name("Mailbox of the zone's contact, in DNS form."),
    serial: uint32,
    refresh: uint32,
    retry: uint32,
    expire: uint32,
    minimum: uint32,
    ttl,
  },
  closed,
);

const CaaRecordSchema = Type.Object(
  {
    flags: uint8(),
    critical: Type.Boolean({ description: "The issuer-critical flag (flags & 128)." }),
    tag: Type.String({ description: "Property tag: issue, issuewild, iodef..." }),
    value: Type.String(),
    ttl,
  },
  closed,
);

const DsRecordSchema = Type.Object(
  {
    keyTag: uint16(),
    algorithm: uint8(),
    digestType: uint8(),
    digest: Type.String({ description: "Upper-case hex." }),
    ttl,
  },
  closed,
);

const DnskeyRecordSchema = Type.Object(
  {
    flags: uint16(),
    protocol: uint8(),
    algorithm: uint8(),
    keyTag: uint16("RFC 4034 appendix B."),
    publicKey: Type.String({ description: "Base64." }),
    ttl,
  },
  closed,
);

const SrvRecordSchema = Type.Object(
  {
    service: StringEnum(["_submission._tcp", "_imaps._tcp"]),
    priority: uint16(),
    weight: uint16(),
    port: uint16(),
    target: name("`.` means the service is not offered."),
    ttl,
  },
  closed,
);

const MailPolicyRecordsSchema = Type.Object(
  {
    dmarc: Type.Array(DnsTxtRecordSchema),
    mtaSts: Type.Array(DnsTxtRecordSchema),
    tlsRpt: Type.Array(DnsTxtRecordSchema),
  },
  {
    ...closed,
    description: "TXT records at `_dmarc.`, `_mta-sts.` and `_smtp._tls.` under the domain.",
  },
);

export const DnsRecordsSchema = Type.Object(
  {
    A: Type.Array(AddressRecordSchema("IPv4 address, dotted quad.")),
    AAAA: Type.Array(AddressRecordSchema("IPv6 address, lower case, compressed.")),
    CNAME: Type.Array(Type.Object({ target: name(), ttl }, closed), {
      description: "The alias chain from the domain, in order: a → b → c gives [b, c].",
    }),
    MX: Type.Array(
      Type.Object(
        {
          preference: uint16(),
          exchange: name(
            "Lower-case DNS name without the trailing dot; `.` is the root. A null MX (RFC 7505) is `.`.",
          ),
          ttl,
        },
        closed,
      ),
    ),
    NS: Type.Array(Type.Object({ host: name(), ttl }, closed)),
    SOA: Nullable(SoaRecordSchema, {
      description: "The zone's SOA when the domain is a zone apex; null otherwise.",
    }),
    TXT: Type.Array(DnsTxtRecordSchema),
    CAA: Type.Array(CaaRecordSchema),
    DS: Type.Array(DsRecordSchema),
    DNSKEY: Type.Array(DnskeyRecordSchema),
    HTTPS: Type.Array(DnsSvcbRecordSchema),
    SVCB: Type.Array(DnsSvcbRecordSchema),
    SRV: Type.Array(SrvRecordSchema, {
      description: "SRV records of `_submission._tcp` and `_imaps._tcp` (RFC 6186).",
    }),
    mailPolicies: MailPolicyRecordsSchema,
  },
  closed,
);

export const DnsHealthSchema = Type.Object(
  {
    score: Nullable(Type.Integer({ minimum: 0, maximum: 100 }), {
      description:
        "100 minus 45 per failed check and 5 per warning, never below 0, over the checks that ran (skipped ones cost nothing); null when every check was skipped.",
    }),
    grade: Nullable(StringEnum(["A", "B", "C", "D", "F"]), {
      description: "A >= 90, B >= 80, C >= 70, D >= 60; null when the score is.",
    }),
    zone: Nullable(name(), {
      description: "The zone assessed: the domain when it is a zone apex, else its enclosing zone.",
    }),
    checks: Type.Array(FindingSchema),
  },
  {
    ...closed,
    description: "The health assessment of the domain's DNS, in the shared findings shape.",
  },
);

export const DnsDnssecSchema = Type.Object(
  {
    anchor: Nullable(Type.String(), {
      description: "The trust anchor's zone; null when none covers the zone.",
    }),
    chain: Type.Array(ChainLevelSchema),
  },
  {
    ...closed,
    description: "The chain of trust, validated by the probe itself from the trust anchor down.",
  },
);

export const DnsDataSchema = Type.Object(
  {
    resolver: Type.String({
      description: "The recursive resolver that answered, as `host:port` or `[IPv6]:port`.",
    }),
    exists: Type.Boolean({
      description:
        "False when the name does not exist (NXDOMAIN); every record list is then empty.",
    }),
    records: DnsRecordsSchema,
    health: DnsHealthSchema,
    dnssec: DnsDnssecSchema,
  },
  { ...closed, description: "DNS records of the domain as answered by a recursive resolver." },
);

export type DnsData = Static<typeof DnsDataSchema>;
export type DnsRecords = DnsData["records"];
export type DnsHealth = DnsData["health"];
export type DnsDnssec = DnsData["dnssec"];
export type DnsMailPolicyRecords = DnsRecords["mailPolicies"];
export type DnsAddressRecord = DnsRecords["A"][number];
export type DnsCnameRecord = DnsRecords["CNAME"][number];
export type DnsMxRecord = DnsRecords["MX"][number];
export type DnsNsRecord = DnsRecords["NS"][number];
export type DnsSoaRecord = NonNullable<DnsRecords["SOA"]>;
export type DnsTxtRecord = Static<typeof DnsTxtRecordSchema>;
export type DnsCaaRecord = DnsRecords["CAA"][number];
export type DnsDsRecord = DnsRecords["DS"][number];
export type DnsDnskeyRecord = DnsRecords["DNSKEY"][number];
export type DnsSrvRecord = DnsRecords["SRV"][number];
export type DnsSvcbRecord = Static<typeof DnsSvcbRecordSchema>;

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
