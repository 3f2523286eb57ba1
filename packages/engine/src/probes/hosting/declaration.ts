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
import {
  type AsnSourceOption,
  checkAsnSource,
  type NetworkData,
} from "../../protocols/ip-network/network-data.js";
import { BootstrapOption } from "../../protocols/rdap/bootstrap-option.js";
import type { RtrClient } from "../../protocols/rtr/rtr-client.js";
import { evidenceKinds, hostingRoles } from "./detect-providers.js";
import example from "./openapi-example.json" with { type: "json" };
import type { ProviderEntry } from "./provider-table.js";

const Enum = StringEnum;

const names = Type.Array(Type.String({ minLength: 1 }));
const numbers = Type.Array(Type.Integer({ minimum: 0, maximum: 4_294_967_295 }));

/** A provider added with `hosting.providers` (one with a built-in id replaces it). */
const ProviderEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: "^[a-z0-9-]+$", expect: "lower-case letters, digits and hyphens" }),
    name: Type.String({ minLength: 1 }),
    category: StringEnum(["dns", "mail", "cloud", "hosting", "cdn", "ca", "registrar"]),
    ns: Type.Optional(names),
    mx: Type.Optional(names),
    spf: Type.Optional(names),
    cname: Type.Optional(names),
    header: Type.Optional(names),
    asn: Type.Optional(numbers),
    issuer: Type.Optional(names),
    registrar: Type.Optional(numbers),
  },
  { additionalProperties: false },
);

const positive = (fallback: number, maximum: number, description: string) =>
  Defaulted(Type.Integer({ minimum: 1, maximum, default: fallback, description }));

export const HostingOptions = Type.Object(
  {
    asnSource: Defaulted(
      Type.Unsafe<AsnSourceOption>({
        ...Type.Any(),
        default: "builtin",
        expect: '"builtin", "cymru", a path ending .mmdb, loaded data or a function loading it',
        description:
          'Where AS, prefix and country come from: "builtin" (the @domain-intel/ip-data package, loaded on first use), "cymru" (Team Cymru\'s DNS through the resolvers), the path of a MaxMind DB (.mmdb) file, data already loaded ({ source, lookup }), or a function that loads it, called once.',
        check: (value: unknown) => {
          try {
            checkAsnSource(value, "");
            return undefined;
          } catch {
            return 'must be "builtin", "cymru", a path ending .mmdb, loaded data ({ source, lookup }) or a function loading it';
          }
        },
      }),
    ),
    providers: Defaulted(
      Type.Array(ProviderEntrySchema, {
        default: [],
        description:
          "Providers added to the table of detection rules; one with a built-in id replaces it.",
      }),
    ),
    maxHosts: positive(8, 16, "Name servers and MX hosts looked at, each."),
    httpsPort: positive(443, 65535, "Port of the HTTPS request and the IPv6 test (for labs)."),
    networkData: Type.Optional(
      Methods<NetworkData>(["lookup"], {
        expect: "the engine's network data",
        description:
          "The engine's network data, made once from asnSource and shared with the dns section.",
      }),
    ),
    bootstrap: Type.Optional(BootstrapOption),
    rtr: Type.Optional(
      Methods<RtrClient>(["validate", "whenSynchronised", "status", "close"], {
        expect: "an RTR client",
        description: "The engine's RTR client (rpki.rtr).",
      }),
    ),
  },
  { additionalProperties: false },
);

export type HostingProbeOptions = OptionsOf<typeof HostingOptions>;
export type HostingSettings = SettingsOf<typeof HostingOptions>;
export type HostingProviderEntry = ProviderEntry;

const VrpSchema = Type.Object({
  prefix: Type.String(),
  maxLength: Type.Integer({ minimum: 0, maximum: 128 }),
  asn: Type.Integer({ minimum: 0 }),
});

export const routeValidities = ["valid", "invalid", "not-found"] as const;

const RpkiSchema = Type.Object(
  {
    /** RFC 6811: the route (the address's prefix and origin AS) against the cache's VRPs. */
    state: Enum(routeValidities),
    /** The route judged. */
    route: Type.Object({ prefix: Type.String(), asn: Type.Integer() }),
    /** The VRPs whose prefix holds the route's; those of them that make it valid. */
    covering: Type.Array(VrpSchema),
    matched: Type.Array(VrpSchema),
  },
  {
    description:
      "Route origin validation of the address's route; null when it could not be judged.",
  },
);

const ProviderRefSchema = Type.Object({ id: Type.String(), name: Type.String() });

const HostingAddressSchema = Type.Object({
  address: Type.String(),
  family: Type.Union([Type.Literal(4), Type.Literal(6)]),
  /** PTR names (in-addr.arpa / ip6.arpa); empty when there are none. */
  reverseNames: Type.Array(Type.String()),
  asn: Nullable(Type.Integer({ minimum: 0 })),
  asName: Nullable(Type.String()),
  prefix: Nullable(Type.String()),
  country: Nullable(Type.String({ pattern: "^[A-Z]{2}$" })),
  /** The provider whose networks hold the address (by AS), from the provider table. */
  provider: Nullable(ProviderRefSchema),
  /** Why the network facts are missing, or null. */
  networkError: Nullable(Type.String()),
  rpki: Nullable(RpkiSchema),
});

export const hostRoles = ["web", "dns", "mail"] as const;

const HostingHostSchema = Type.Object({
  /** The domain, `www.` the domain, a name server or an MX host. */
  name: Type.String(),
  roles: Type.Array(Enum(hostRoles)),
  addresses: Type.Array(HostingAddressSchema),
  /** Why the host's addresses could not be read, or null. */
  error: Nullable(Type.String()),
});

const EvidenceSchema = Type.Object({
  kind: Enum(evidenceKinds),
  observed: Type.String(),
  rule: Type.String(),
});

const DetectedProviderSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  evidence: Type.Array(EvidenceSchema),
});

const ProvidersSchema = Type.Object(
  Object.fromEntries(
    hostingRoles.map((role) => [role, Type.Array(DetectedProviderSchema)]),
  ) as Record<
    (typeof hostingRoles)[number],
    ReturnType<typeof Type.Array<typeof DetectedProviderSchema>>
  >,
);

const WebSchema = Type.Object({
  /** Every CNAME target of the domain's and `www.`'s alias chains. */
  cnameTargets: Type.Array(Type.String()),
  /** The address asked over HTTPS for headers and the certificate. */
  address: Nullable(Type.String()),
  /** Whether the HTTPS request got an HTTP answer (its headers are read, not kept). */
  answered: Type.Boolean(),
  /** The certificate issuer's organization and common name, or null. */
  issuer: Nullable(Type.Array(Type.String())),
  error: Nullable(Type.String()),
});

// The cache's serial and VRP count change all day: left out, so history records the domain's changes.
const RpkiSourceSchema = Type.Object({
  cache: Type.String(),
  /** A complete, unexpired set of VRPs was held when the routes were judged. */
  synchronised: Type.Boolean(),
  error: Nullable(Type.String()),
});

export const HostingDataSchema = Type.Object({
  /** Where the network facts (AS, prefix, country) and route validity came from. */
  sources: Type.Object({ network: Type.String(), rpki: Nullable(RpkiSourceSchema) }),
  hosts: Type.Array(HostingHostSchema),
  /** Per role, the providers detected and the evidence that decided each. */
  providers: ProvidersSchema,
  /**
   * Why the registrar role is empty when it is: the registry's RDAP server did not answer, named
   * no registrar, or named one (its IANA id) that no provider rule knows.
   */
  registrarNote: Nullable(Type.String()),
  web: WebSchema,
  /** MX hosts from DNS (a null MX gives none). */
  mxHosts: Type.Array(Type.String()),
  nameservers: Type.Array(Type.String()),
  /** Domains of the SPF record's include: and redirect= terms. */
  spfIncludes: Type.Array(Type.String()),
  findings: Type.Array(FindingSchema),
});

export type HostingData = Static<typeof HostingDataSchema>;
export type HostingHost = Static<typeof HostingHostSchema>;
export type HostingAddress = Static<typeof HostingAddressSchema>;
export type HostRole = (typeof hostRoles)[number];

export const hostingDeclaration = {
  name: "hosting",
  summary:
    "Who runs it: every address's network (ASN, prefix), country, reverse name, providers per role, RPKI validity.",
  options: HostingOptions,
  engineOptions: {
    key: "hosting",
    pick: ["asnSource", "providers", "maxHosts", "httpsPort"],
  } as const,
  data: HostingDataSchema,
  example: example as HostingData,
  defaultTtlMs: 60 * 60_000,
} satisfies SectionDeclaration<typeof HostingOptions, typeof HostingDataSchema>;
