import { FindingSchema } from "../../contract/finding.js";
import { Nullable, type Static, StringEnum, Type } from "../../contract/schema.js";

/** The `data` of the whois (registration) section, declared once: types derive from it. */

const closed = { additionalProperties: false } as const;
const NullableString = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());
const NullableDateTime = Nullable(Type.String({ format: "date-time" }));

export const whoisRedactedFields = [
  "registrant.organization",
  "registrant.country",
  "registrar.name",
  "registrar.ianaId",
  "registrar.url",
  "registrar.abuseEmail",
  "registrar.abusePhone",
] as const;
export type WhoisRedactedField = (typeof whoisRedactedFields)[number];

/** What asking one server gave. */
export const serverOutcomes = [
  "ok",
  // Answered but never closed the connection: its text, read until the time limit, may be cut short.
  "partial",
  "not_found",
  "timeout",
  "connect_failed",
  "address_not_allowed",
  "response_too_large",
  "redirect_failed",
  "http_error",
  "rate_limited",
  "blocked",
  "no_data",
  "unparseable",
  "aborted",
  "error",
] as const;
export type ServerOutcome = (typeof serverOutcomes)[number];

const Outcome = StringEnum(serverOutcomes, {
  description:
    "What asking this server gave: `ok`, `partial` (a WHOIS server that answered but never closed the connection, read until the time limit), `not_found`, or why it failed.",
});

const WhoisRegistrantSchema = Type.Object(
  {
    organization: NullableString,
    /** The ISO 3166 code where the registry gives one (`US`), otherwise its name as written. */
    country: NullableString,
  },
  closed,
);

const WhoisRegistrarSchema = Type.Object(
  {
    name: NullableString,
    ianaId: NullableString,
    url: NullableString,
    abuseEmail: NullableString,
    abusePhone: NullableString,
  },
  closed,
);

const WhoisStatusSchema = Type.Object(
  {
    code: Type.String({ minLength: 1 }),
    meaning: Nullable(Type.String(), {
      description: "What the status means; null for a registry-specific code.",
    }),
  },
  closed,
);

/** One DS record (RFC 4034 section 5). */
const WhoisDsRecordSchema = Type.Object(
  {
    keyTag: NullableInteger,
    algorithm: NullableInteger,
    digestType: NullableInteger,
    digest: Nullable(Type.String(), { description: "Upper-case hex." }),
  },
  closed,
);

const WhoisDnssecSchema = Type.Object(
  {
    delegationSigned: Nullable(Type.Boolean(), {
      description: "The registry publishes DS records for the name; null when it does not say.",
    }),
    dsData: Type.Array(WhoisDsRecordSchema, {
      description: "The DS records the registry publishes (RDAP `secureDNS.dsData`).",
    }),
  },
  closed,
);

const WhoisRedactionSchema = Type.Object(
  {
    /** The redacted field, e.g. "Registrant Email". */
    name: Type.String(),
    /** RFC 9537 method: removal, emptyValue, partialValue or replacementValue. */
    method: NullableString,
    reason: NullableString,
  },
  closed,
);

const WhoisPrivacySchema = Type.Object(
  {
    redacted: Type.Boolean({
      description:
        "Registrant data is withheld: RFC 9537 `redacted` members naming the registrant, or placeholder text where its data would be.",
    }),
    proxied: Type.Boolean({
      description: "The registrant shown is a privacy or proxy service.",
    }),
    proxyService: NullableString,
    redactedFields: Type.Array(Type.String(), {
      description: "Registrant fields withheld: `name`, `organization`, `email`...",
    }),
    redactions: Type.Array(WhoisRedactionSchema, {
      description: "RFC 9537 `redacted` members as the registry gave them (RDAP only).",
    }),
  },
  closed,
);

const WhoisServerSchema = Type.Union([
  Type.Object({ kind: Type.Literal("rdap"), url: Type.String(), outcome: Outcome }, closed),
  Type.Object({ kind: Type.Literal("whois"), host: Type.String(), outcome: Outcome }, closed),
]);

export const WhoisDataSchema = Type.Object(
  {
    queriedDomain: Type.String({
      minLength: 1,
      description: "The registrable domain that was looked up.",
    }),
    registered: Nullable(Type.Boolean(), {
      description:
        "False when the registry says the name does not exist; null when its WHOIS answer says neither, or says the name cannot be registered (reserved, restricted, invalid): the skipped findings give the reason.",
    }),
    source: StringEnum(["rdap", "whois"]),
    registrar: Nullable(WhoisRegistrarSchema),
    statuses: Type.Array(WhoisStatusSchema, {
      description:
        "Status codes with what they mean. RDAP values are given as the EPP codes they stand for (RFC 8056), e.g. `client transfer prohibited` as `clientTransferProhibited`; a value with no EPP code (`locked`) is kept as given.",
    }),
    createdAt: NullableDateTime,
    updatedAt: NullableDateTime,
    expiresAt: NullableDateTime,
    expiresInDays: Nullable(Type.Integer(), {
      description: "Whole days until `expiresAt` when the lookup ran; negative once expired.",
    }),
    nameservers: Type.Array(Type.String({ minLength: 1 }), {
      description: "Lower-case host names, without a trailing dot.",
    }),
    dnssec: WhoisDnssecSchema,
    transferLock: Nullable(Type.Boolean(), {
      description: "A transfer-prohibited status is set; null when the registry gave no statuses.",
    }),
    registrant: Nullable(WhoisRegistrantSchema, {
      description:
        "The holder's organization and country where the registry publishes them (never a person's name, e-mail, phone or street); a withheld value is null.",
    }),
    privacy: Nullable(WhoisPrivacySchema, {
      description: "Whether the registrant is hidden; null for an unregistered name.",
    }),
    redacted: Type.Array(StringEnum(whoisRedactedFields), {
      uniqueItems: true,
      description:
        "Fields of this data that are null because the registry withholds them (placeholder text such as `REDACTED FOR PRIVACY`, `Not Disclosed` or a GDPR notice, or an RFC 9537 `redacted` member), as dotted paths.",
    }),
    raw: Nullable(Type.String({ maxLength: 16384 }), {
      description:
        "The registry's WHOIS text (capped at 16 KiB) when some of registrar, created, expires and name servers could not be read from it; null otherwise.",
    }),
    servers: Type.Array(WhoisServerSchema, {
      description:
        "Every server asked, in order: RDAP registries and registrar links, the registry's WHOIS and the registrar's WHOIS it referred to.",
    }),
    findings: Type.Array(FindingSchema, {
      description:
        "`whois.domain.not-registered`, `.expired`, `.expiring-soon` (30 days warn, 7 days fail), `.pending-delete` and `.transfer-unlocked`, every one every time; `whois.parse.incomplete` (warn) when a WHOIS answer lacks some of registrar, created, expires and name servers (`details.missing`); `whois.lookup.partial` (skipped) only when a step ran out of time after the registry answered, naming what timed out.",
    }),
  },
  {
    ...closed,
    title: "WhoisData",
    description: "Registration data of the registrable domain, from RDAP or WHOIS.",
  },
);

export type WhoisData = Static<typeof WhoisDataSchema>;
export type WhoisRegistrant = Static<typeof WhoisRegistrantSchema>;
export type WhoisRegistrar = Static<typeof WhoisRegistrarSchema>;
export type WhoisStatus = Static<typeof WhoisStatusSchema>;
export type WhoisDnssec = Static<typeof WhoisDnssecSchema>;
export type WhoisDsRecord = Static<typeof WhoisDsRecordSchema>;
export type WhoisPrivacy = Static<typeof WhoisPrivacySchema>;
export type WhoisRedaction = Static<typeof WhoisRedactionSchema>;
export type WhoisServer = Static<typeof WhoisServerSchema>;
