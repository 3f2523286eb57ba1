import { Nullable, type Static, StringEnum, Type } from "../../../contract/schema.js";

export const revocationStatuses = ["good", "revoked", "unknown", "unavailable"] as const;
export const revocationSources = ["ocsp-stapled", "ocsp", "crl"] as const;
export const revocationOutcomes = ["good", "revoked", "unknown", "invalid", "failed"] as const;

const RevocationCheckSchema = Type.Object({
  source: StringEnum(revocationSources),
  url: Nullable(Type.String(), { description: "The responder or CRL asked; null for a staple." }),
  outcome: StringEnum(revocationOutcomes, {
    description:
      "What it said: good, revoked, unknown (the responder does not know the certificate), invalid (unsigned, mis-signed, stale, for another certificate, not DER), failed (not fetched: refused, timed out, too large, not HTTP 200).",
  }),
  problem: Nullable(Type.String(), { description: "Why invalid or failed, in words." }),
});

const statusFields = {
  status: StringEnum(revocationStatuses, {
    description:
      "good or revoked by the first source whose answer verifies; unknown when the responder does not know the certificate; unavailable when no source could establish it.",
  }),
  source: Nullable(StringEnum(revocationSources), {
    description: "The source of `status`; null when unavailable.",
  }),
  revokedAt: Nullable(Type.String({ format: "date-time" })),
  reason: Nullable(Type.String({ description: "The CRLReason (RFC 5280 5.3.1), when given." })),
  problem: Nullable(Type.String({ description: "Why no status could be established." })),
  checks: Type.Array(RevocationCheckSchema, {
    description:
      "In the order asked: the stapled OCSP response, the OCSP responders of the AIA extension, the CRL distribution points, the delta CRLs (freshestCRL) of a base CRL that said good; asking stops at the first verified answer, a good base CRL's deltas excepted.",
  }),
};

/** One intermediate CA certificate on the path, checked against its issuer as the leaf is. */
const IntermediateRevocationSchema = Type.Object(
  {
    subject: Type.String({ description: "The intermediate's subject, as OpenSSL prints it." }),
    ...statusFields,
  },
  {
    description:
      "An intermediate's revocation status (no staple: asked of its OCSP responder, else its CRL).",
  },
);

/** `revocation`: the leaf's revocation status, its intermediates', and every source asked. */
export const SslRevocationSchema = Type.Object(
  {
    ...statusFields,
    intermediates: Type.Array(IntermediateRevocationSchema, {
      description:
        "Each CA certificate between the leaf and the trust anchor (a sent root excepted), in path order.",
    }),
  },
  {
    description:
      "Whether the leaf certificate and its intermediates are revoked, from a verified OCSP response (stapled, else asked of the responder) or CRL.",
  },
);
export type SslRevocation = Static<typeof SslRevocationSchema>;
export type SslRevocationCheck = Static<typeof RevocationCheckSchema>;
