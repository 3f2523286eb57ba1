import { describe, expect, it } from "vitest";
import { makeFinding } from "../../contract/finding.js";
import type { HttpData } from "./declaration.js";
import example from "./openapi-example.json" with { type: "json" };
import { failingTtlMs, httpTtlMs, maxTtlMs } from "./ttl.js";

const now = Date.parse("2026-11-24T12:00:00Z");

function data(options: { fail?: boolean; expires?: string | null }): HttpData {
  const base = structuredClone(example) as HttpData;
  if (options.fail) base.findings.push(makeFinding("http.hsts.present", "fail", "none"));
  base.securityTxt.fields!.expires = options.expires ?? null;
  return base;
}

describe("httpTtlMs", () => {
  it("keeps a passing result an hour", () => {
    expect(httpTtlMs({ data: data({}), now })).toBe(maxTtlMs);
  });

  it("keeps a failing result five minutes, so a fix shows soon", () => {
    expect(httpTtlMs({ data: data({ fail: true }), now })).toBe(failingTtlMs);
  });

  it("never outlives the security.txt it read", () => {
    const expires = new Date(now + 90_000).toISOString();
    expect(httpTtlMs({ data: data({ expires }), now })).toBe(90_000);
    // Already expired: the finding is failing and stays so.
    const past = new Date(now - 1000).toISOString();
    expect(httpTtlMs({ data: data({ expires: past }), now })).toBe(maxTtlMs);
  });
});
