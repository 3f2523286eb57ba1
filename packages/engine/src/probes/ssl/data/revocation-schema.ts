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

/** `revocation`: the leaf's revocation status, and every source asked to establish it. */
export const SslRevocationSchema = Type.Object(
  {
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
        "In the order asked: the stapled OCSP response, the OCSP responders of the AIA extension, the CRL distribution points; asking stops at the first verified answer.",
    }),
  },
  {
    description:
      "Whether the leaf certificate is revoked, from a verified OCSP response (stapled, else asked of the responder) or CRL.",
  },
);
export type SslRevocation = Static<typeof SslRevocationSchema>;
export type SslRevocationCheck = Static<typeof RevocationCheckSchema>;
