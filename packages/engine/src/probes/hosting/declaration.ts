import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { evidenceKinds, hostingRoles } from "./detect-providers.js";

// Until the declaration framework lands here: nullable as JSON Schema readers expect it.
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Enum = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

const FindingSchema = Type.Object({
  id: Type.String(),
  status: Enum(["pass", "info", "warn", "fail", "skipped"]),
  severity: Enum(["info", "warning", "error"]),
  message: Type.String(),
  details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

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
  /** Why the registrar role is empty when it is (the section does not ask RDAP itself). */
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
