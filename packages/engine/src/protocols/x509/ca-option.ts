import { Type } from "../../contract/schema.js";
import { parseCaCertificates } from "./trust-store.js";

/**
 * Extra trusted roots as PEM (a certificate, a bundle, or a list of them), added to Node's
 * bundled roots, as every section that verifies a certificate takes them (ssl, http, mail).
 * Split into single certificates, each one parsed, once when the options are resolved.
 */
export const CaOption = Type.Transform(
  Type.Union([Type.String(), Type.Array(Type.String())], {
    expect: "a PEM certificate string or an array of them",
    default: [],
    description:
      "Extra trusted roots (PEM), added to Node's bundled roots for the probes' connections.",
  }),
)
  .Decode((ca): readonly string[] => {
    if (Array.isArray(ca) && ca.length === 0) return [];
    const blocks = parseCaCertificates(ca);
    if (!blocks) throw new Error("must be a PEM certificate string or an array of them");
    return blocks;
  })
  .Encode((blocks) => [...blocks]);
