/** JSON Schema of a TLSA record as `Tlsa` shows it, shared by the mail and ssl sections. */
export const tlsaSchema = {
  type: "object",
  required: ["usage", "selector", "matchingType", "data"],
  properties: {
    usage: { type: "integer" },
    selector: { type: "integer" },
    matchingType: { type: "integer" },
    data: { type: "string", description: "The certificate association data, hex." },
  },
} as const;
