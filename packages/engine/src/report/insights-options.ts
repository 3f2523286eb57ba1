export interface InsightsOptions {
  /**
   * More CAs for the `report.caa.issuer-not-allowed` insight, or more CAA identifiers for a
   * built-in one: CA name (matched as whole words against the certificate issuer's organization
   * and common name) to the issuer domain names it accepts in CAA records.
   * E.g. `{ "Example CA": ["example-ca.com"] }`.
   */
  readonly caaIssuers?: Readonly<Record<string, readonly string[]>>;
}

const issuerDomain =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/**
 * What is wrong with `options.insights`, as the option's path below `options` and what it must
 * be, or undefined when it is fine. The engine turns a problem into its TypeError.
 */
export function insightsOptionsProblem(
  value: unknown,
): { option: string; expectation: string } | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { option: "insights", expectation: "must be an object" };
  }
  for (const key of Object.keys(value)) {
    if (key !== "caaIssuers") {
      return { option: `insights.${key}`, expectation: "is not an option (expected caaIssuers)" };
    }
  }
  const caaIssuers = (value as InsightsOptions).caaIssuers;
  if (caaIssuers === undefined) return undefined;
  if (typeof caaIssuers !== "object" || caaIssuers === null || Array.isArray(caaIssuers)) {
    return {
      option: "insights.caaIssuers",
      expectation:
        'must map a CA name to its CAA identifiers, e.g. { "Example CA": ["example-ca.com"] }',
    };
  }
  for (const [name, identifiers] of Object.entries(caaIssuers)) {
    const option = `insights.caaIssuers[${JSON.stringify(name)}]`;
    if (name.trim() === "" || !/[a-z0-9]/i.test(name)) {
      return { option, expectation: "needs a CA name with at least one letter or digit" };
    }
    if (!Array.isArray(identifiers) || identifiers.length === 0) {
      return { option, expectation: "must be a non-empty array of CAA issuer domain names" };
    }
    for (const [index, identifier] of identifiers.entries()) {
      if (typeof identifier !== "string" || !issuerDomain.test(identifier.trim())) {
        return {
          option: `${option}[${index}]`,
          expectation: `must be a CAA issuer domain name such as "letsencrypt.org", got ${JSON.stringify(identifier)}`,
        };
      }
    }
  }
  return undefined;
}
