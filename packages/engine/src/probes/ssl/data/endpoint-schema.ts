import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";
import { SslClientsSchema } from "./clients-schema.js";
import { SslConfigurationSchema, sslGrades } from "./configuration-schema.js";
import { SslGroupsSchema } from "./groups-schema.js";
import { SslProfilesSchema } from "./profiles-schema.js";
import { SslRevocationSchema } from "./revocation-schema.js";
import { SslVulnerabilitiesSchema } from "./vulnerabilities-schema.js";

/**
 * Why no certificate could be read. `no_address` and `blocked_address` mean no connection was
 * attempted; the others describe what the one connection attempt ran into.
 */
export const sslUnreachableReasons = [
  "no_address", // the name has no A or AAAA record
  "blocked_address", // every address is refused by the network policy (private, loopback...)
  "refused", // nothing listening: TCP connection refused
  "unreachable", // no route to the address
  "timeout", // the TCP connect (ETIMEDOUT) or TLS handshake (ERR_TLS_HANDSHAKE_TIMEOUT) ran out of time
  "reset", // the peer closed or reset the connection before the handshake completed
  "no_tls", // the peer answered, but not with TLS (plain HTTP, garbage)
  "handshake_failed", // the peer speaks TLS but the handshake failed (alert, no common protocol)
  "error", // anything else; `errorCode` says what
] as const;
export type SslUnreachableReason = (typeof sslUnreachableReasons)[number];

/** An address's outcome: an SslUnreachableReason, or `not_probed` beyond `maxAddresses`. */
export const sslEndpointReasons = [
  ...sslUnreachableReasons.filter(
    (reason): reason is Exclude<SslUnreachableReason, "no_address"> => reason !== "no_address",
  ),
  "not_probed",
] as const;
export type SslEndpointReason = (typeof sslEndpointReasons)[number];

/** Why Node's TLS client (OpenSSL 3) could not complete a handshake that a hand-written hello got answered. */
export const ClientFailureSchema = Type.Object(
  {
    reason: Type.String({ examples: ["handshake_failed"] }),
    errorCode: Type.String({
      examples: ["ERR_SSL_NO_SHARED_CIPHER", "ERR_SSL_EXCESSIVE_MESSAGE_SIZE"],
    }),
  },
  {
    description:
      "OpenSSL could not complete a handshake with this address, but it answered a hand-written ClientHello: the facts come from that answer (the certificates sent in clear before TLS 1.3) and the probe's own verification.",
  },
);

export const fingerprintPattern = "^[0-9A-F]{2}(:[0-9A-F]{2}){31}$";

/** One address of the name and what its handshake showed. */
export const SslEndpointSchema = Type.Object(
  {
    address: Type.Unsafe<string>({
      anyOf: [
        { type: "string", format: "ipv4" },
        { type: "string", format: "ipv6" },
      ],
    }),
    family: Type.Unsafe<4 | 6>({ enum: [4, 6] }),
    range: Type.String({
      description: "The address's range by the network policy.",
      examples: ["unicast", "loopback", "private"],
    }),
    reachable: Type.Boolean(),
    reason: Nullable(StringEnum(sslEndpointReasons), {
      description:
        "Why no handshake completed: `blocked_address` (refused by the network policy) and `not_probed` (beyond maxAddresses) were not tried.",
    }),
    errorCode: Nullable(Type.String()),
    protocol: Nullable(Type.String()),
    clientFailure: Nullable(ClientFailureSchema),
    trusted: Nullable(Type.Boolean()),
    trustError: Nullable(Type.String()),
    hostnameMatch: Nullable(Type.Boolean()),
    ocspStapled: Nullable(Type.Boolean()),
    /** The leaf's SHA-256 fingerprint. */
    fingerprint256: Nullable(Type.String({ pattern: fingerprintPattern })),
    configuration: Nullable(SslConfigurationSchema, {
      description: "What this address accepts; null when it was not scanned.",
    }),
    groups: Nullable(SslGroupsSchema),
    vulnerabilities: Nullable(SslVulnerabilitiesSchema),
    clients: Nullable(SslClientsSchema),
    profiles: Nullable(SslProfilesSchema),
    revocation: Nullable(SslRevocationSchema, {
      description:
        "Whether this address's certificate is revoked, from its own staple; null when no certificate was read or `ssl.revocation` is false.",
    }),
    grade: Nullable(StringEnum(sslGrades), {
      description:
        "This address's grade from its own certificate and scan (F when its certificate is revoked); null without a scan.",
    }),
    gradeReasons: Type.Array(Type.String()),
  },
  { description: "One address of the name and what its handshake showed." },
);
export type SslEndpoint = Static<typeof SslEndpointSchema>;
