import { dnsData, httpData, insightInput, sslData, whoisData } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { certificateAuthorities } from "./certificate-authorities.js";
import { computeInsights } from "./compute-insights.js";
import { insightIds } from "./insight.js";

const table = { certificateAuthorities: certificateAuthorities() };

describe("computeInsights", () => {
  it("reports every insight, in order, in the shared findings shape", () => {
    const insights = computeInsights(
      insightInput({ whois: whoisData(), dns: dnsData(), ssl: sslData(), http: httpData() }, table),
    );
    expect(insights.map((insight) => insight.id)).toEqual([...insightIds]);
    expect(insights.map((insight) => insight.status)).toEqual([
      "pass",
      "pass",
      "pass",
      "skipped",
      "pass",
      // No mail section in this report.
      "skipped",
      "skipped",
    ]);
  });

  it("skips every insight, without throwing, on data of an unexpected shape", () => {
    const odd = insightInput(
      { whois: whoisData(), dns: dnsData(), ssl: sslData(), http: httpData() },
      table,
    );
    const sections = Object.fromEntries(
      Object.entries(odd.sections).map(([name, section]) => [
        name,
        {
          ...section,
          data: name === "whois" ? [1, 2] : { records: "none", certificate: 42, hsts: "on" },
        },
      ]),
    );
    const insights = computeInsights({ ...odd, sections });
    expect(insights.map((insight) => insight.status)).toEqual([
      "skipped",
      "skipped",
      "skipped",
      "skipped",
      "skipped",
      "skipped",
      "skipped",
    ]);
  });
});
