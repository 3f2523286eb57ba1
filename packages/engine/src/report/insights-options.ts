import { type Static, Type } from "../contract/schema.js";

const issuerDomain =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

const CaaIssuers = Type.Record(
  Type.String(),
  Type.Array(
    Type.String({
      check: (identifier: string) =>
        issuerDomain.test(identifier.trim())
          ? undefined
          : `must be a CAA issuer domain name such as "letsencrypt.org", got ${JSON.stringify(identifier)}`,
    }),
    { minItems: 1, expect: "a non-empty array of CAA issuer domain names" },
  ),
  {
    expect:
      'an object mapping a CA name to its CAA identifiers, e.g. { "Example CA": ["example-ca.com"] }',
    description:
      'More CAs for the `report.caa.issuer-not-allowed` insight, or more CAA identifiers for a built-in one: CA name (matched as whole words against the certificate issuer\'s organization and common name) to the issuer domain names it accepts in CAA records. E.g. `{ "Example CA": ["example-ca.com"] }`.',
    check: (issuers: Record<string, string[]>) => {
      const blank = Object.keys(issuers).find((name) => !/[a-z0-9]/i.test(name));
      return blank === undefined
        ? undefined
        : {
            at: `[${JSON.stringify(blank)}]`,
            problem: "needs a CA name with at least one letter or digit",
          };
    },
  },
);

export const InsightsOptionsSchema = Type.Object(
  { caaIssuers: Type.Optional(CaaIssuers) },
  {
    additionalProperties: false,
    description: "Cross-section insights of the full report.",
  },
);

export type InsightsOptions = Static<typeof InsightsOptionsSchema>;
