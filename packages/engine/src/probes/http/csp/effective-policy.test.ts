import { observatoryCspParserCases as cases } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { CspSyntaxError, effectivePolicy } from "./effective-policy.js";

// The MDN HTTP Observatory's CSP parser cases (test/csp-parser.test.js, in test-kit), through our
// own reading of several policies as one.

const asObject = (directives: Map<string, Set<string>>) =>
  Object.fromEntries([...directives].map(([name, sources]) => [name, [...sources].sort()]));

describe("effectivePolicy (the Observatory's CSP parser cases)", () => {
  it.each(cases.parsed.map((entry) => [entry.policies.join(" | "), entry] as const))(
    "reads %s",
    (_name, entry) => {
      const sorted = Object.fromEntries(
        Object.entries(entry.directives).map(([name, sources]) => [name, [...sources].sort()]),
      );
      expect(asObject(effectivePolicy(entry.policies).directives)).toEqual(sorted);
    },
  );

  it.each(cases.invalid.map((policy) => [JSON.stringify(policy), policy] as const))(
    "refuses %s",
    (_name, policy) => {
      expect(() => effectivePolicy([policy])).toThrow(CspSyntaxError);
    },
  );

  it("reads a long real-world policy", () => {
    const read = effectivePolicy(cases.readable);
    expect(read.directives.get("script-src")).toEqual(
      new Set(["'unsafe-eval'", "'unsafe-inline'", "'self'", "*"]),
    );
    expect(read.directives.size).toBe(11);
  });

  it.each(cases.duplicates.map((entry) => [entry.directive, entry] as const))(
    "reports a repeated %s without refusing the policy",
    (_name, entry) => {
      expect([...effectivePolicy(entry.policies).duplicates]).toEqual([entry.directive]);
    },
  );
});
