/** Summaries and example answers of the built-in sections, shown in the OpenAPI document. */
export const sectionSummaries: Record<string, string> = {
  whois: "Registration snapshot: RDAP first, WHOIS fallback.",
  dns: "DNS records of the domain.",
  ssl: "TLS certificate probe on port 443.",
};

export const sectionExamples: Record<string, unknown> = {};
