import { Type } from "../../contract/schema.js";
import { ianaRootAnchors, parseTrustAnchors, type TrustAnchor } from "./trust-anchors.js";

/** A DS record a validation chain ends at, as an object (the digest in hex). */
const DsTrustAnchor = Type.Object(
  {
    zone: Type.String(),
    keyTag: Type.Integer({ minimum: 0, maximum: 65535 }),
    algorithm: Type.Integer({ minimum: 0, maximum: 255 }),
    digestType: Type.Integer({ minimum: 0, maximum: 255 }),
    digest: Type.String({ pattern: "^[0-9a-fA-F]+$" }),
  },
  { additionalProperties: false },
);

const asLine = (anchor: {
  zone: string;
  keyTag: number;
  algorithm: number;
  digestType: number;
  digest: string;
}) =>
  `${anchor.zone} IN DS ${anchor.keyTag} ${anchor.algorithm} ${anchor.digestType} ${anchor.digest}`;

/**
 * Where DNSSEC validation starts, as every section that validates takes it (dns, and the DANE
 * answers of ssl and mail): DS or DNSKEY records in zone-file form (a string, or one line an
 * item), or DS records as objects. Read once, when the options are resolved. Default: the IANA
 * root key-signing keys in service.
 */
export const TrustAnchorsOption = Type.Transform(
  Type.Union(
    [Type.String(), Type.Array(Type.String()), Type.Array(DsTrustAnchor, { minItems: 1 })],
    {
      expect:
        "DS or DNSKEY records in zone-file form (a string or an array of lines), or DS records { zone, keyTag, algorithm, digestType, digest }",
      default: ianaRootAnchors,
      description:
        "Where DNSSEC validation starts: DS or DNSKEY records in zone-file form, one a line. Default: the IANA root key-signing keys in service.",
    },
  ),
)
  .Decode((given): readonly TrustAnchor[] => {
    const lines =
      typeof given === "string"
        ? [given]
        : given.map((item) => (typeof item === "string" ? item : asLine(item)));
    try {
      return parseTrustAnchors(lines.join("\n"));
    } catch (error) {
      throw new Error(`cannot be read: ${(error as Error).message}`);
    }
  })
  // Settings are never turned back into options.
  .Encode((): never => {
    throw new Error("trust anchors are read, never written back");
  });
