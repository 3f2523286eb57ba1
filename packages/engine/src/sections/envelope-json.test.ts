import { describe, expect, it } from "vitest";
import type { Report, SectionResult } from "../contract/section-result.js";
import { envelopeJson, reportJson } from "./envelope-json.js";
import { sectionAnswer } from "./section-answer.js";
import { encodeStoredEntry } from "./stored-entry.js";

const envelope = (data: unknown): SectionResult => ({
  domain: "example.test",
  section: "ssl",
  status: "ok",
  fetchedAt: "2026-11-27T23:00:00.000Z",
  expiresAt: "2026-11-28T00:00:00.000Z",
  cache: "miss",
  durationMs: 12,
  data,
});

describe("envelopeJson and reportJson", () => {
  it("write what JSON.stringify writes, byte for byte", () => {
    const failed: SectionResult = {
      ...envelope(undefined),
      status: "error",
      error: { code: "timeout", message: 'no "answer"\n' },
    };
    const odd = { ...envelope({ a: [1, "\u2028", null], b: undefined, 'k"ey': { nested: true } }) };
    for (const result of [envelope({ grade: "A", list: [1, 2] }), failed, odd, envelope(null)])
      expect(envelopeJson(result)).toBe(JSON.stringify(result));
    const report: Report = {
      domain: "example.test",
      generatedAt: "2026-11-27T23:00:01.000Z",
      sections: { ssl: envelope({ grade: "A" }), whois: failed },
      insights: [],
    };
    expect(reportJson(report)).toBe(JSON.stringify(report));
  });

  it("serialise a section's data once for the miss, the hit, the store and the report", () => {
    let serialised = 0;
    const data = {
      grade: "A",
      toJSON: () => {
        serialised += 1;
        return { grade: "A" };
      },
    };
    const result = envelope(data);
    const miss = sectionAnswer(result, "miss");
    const hit = sectionAnswer(result, "hit");
    const stored = encodeStoredEntry(result);
    const report = reportJson({
      domain: "example.test",
      generatedAt: "2026-11-27T23:00:01.000Z",
      sections: { ssl: { ...result, cache: "hit" } },
      insights: [],
    });
    expect(serialised).toBe(1);
    expect(JSON.parse(miss.body.toString()).cache).toBe("miss");
    expect(JSON.parse(hit.body.toString())).toMatchObject({ cache: "hit", data: { grade: "A" } });
    expect(JSON.parse(stored).data).toEqual({ grade: "A" });
    expect(JSON.parse(report).sections.ssl).toMatchObject({ cache: "hit", data: { grade: "A" } });
  });
});
