import { Type } from "../../contract/schema.js";

/** A TLSA record as `Tlsa` shows it, shared by the mail and ssl sections. */
export const TlsaSchema = Type.Object({
  usage: Type.Integer(),
  selector: Type.Integer(),
  matchingType: Type.Integer(),
  data: Type.String({ description: "The certificate association data, hex." }),
});

/** JSON Schema of a TLSA record (the ssl section's hand-written schema uses it). */
export const tlsaSchema = TlsaSchema;
