import { describe, expect, it } from "vitest";
import type { Remediation } from "../contract/remediation.js";
import { type FixEntry, groupFixes } from "./fixes.js";

const spf = (domain: string, mechanism = "mx"): FixEntry => ({
  domain,
  section: "dns",
  id: "dns.spf.present",
  status: "warn",
  message: "No SPF record.",
  remediation: {
    summary: `Publish an SPF policy for ${domain}.`,
    changes: [
      {
        kind: "dns-record",
        action: "add",
        owner: `${domain}.`,
        type: "TXT",
        ttl: 3600,
        value: `"v=spf1 ${mechanism} -all"`,
        zoneLine: `${domain}. 3600 IN TXT "v=spf1 ${mechanism} -all"`,
      },
    ],
    references: [],
  } satisfies Remediation,
});

describe("groupFixes", () => {
  it("groups the same change for many domains under {{domain}}, largest group first", () => {
    const groups = groupFixes([
      spf("a.test"),
      spf("data.test"),
      spf("b.test", "a"),
      spf("c.test"),
      spf("c.test"),
    ]);

    expect(groups.map((group) => group.domains)).toEqual([
      ["a.test", "data.test", "c.test"],
      ["b.test"],
    ]);
    const [first] = groups;
    expect(first!.remediation.summary).toBe("Publish an SPF policy for {{domain}}.");
    expect(first!.remediation.changes[0]).toMatchObject({
      owner: "{{domain}}.",
      zoneLine: '{{domain}}. 3600 IN TXT "v=spf1 mx -all"',
    });
    expect(first!.remediation.parameters?.[0]?.name).toBe("domain");
  });

  it("replaces the domain as a whole name only, never inside another", () => {
    const entry = spf("a.test");
    const [group] = groupFixes([
      { ...entry, remediation: { ...entry.remediation, summary: "a.test as data.test does" } },
    ]);
    expect(group!.remediation.summary).toBe("{{domain}} as data.test does");
  });
});
