import { describe, expect, it } from "vitest";
import { type Finding, makeFinding } from "./finding.js";
import type { Probe } from "./probe.js";
import type { Remediation } from "./remediation.js";
import { type SectionFixes, withRemediations } from "./with-remediations.js";

interface Data {
  findings: Finding[];
  mailbox: string;
}

const fix = (summary: string): Remediation => ({ summary, changes: [], references: [] });

const fixes: SectionFixes<Data> = {
  table: {
    "t.broken": (finding, data, { domain }) => fix(`${finding.id} of ${domain} to ${data.mailbox}`),
    "t.passing": () => fix("never asked"),
    "t.none": () => undefined,
    "t.throws": () => {
      throw new Error("data the fix did not foresee");
    },
  },
  findings: (data) => data.findings,
  replace: (data, findings) => ({ ...data, findings }),
};

const probe = (findings: Finding[]): Probe<Data> => ({
  summary: "test",
  dataSchema: {},
  run: async () => ({ findings, mailbox: "ops@example.test" }),
});

describe("withRemediations", () => {
  it("attaches a fix computed from the data to failing and warning findings only", async () => {
    const data = await withRemediations(
      fixes,
      probe([
        makeFinding("t.broken", "fail", "broken"),
        makeFinding("t.passing", "pass", "fine"),
        makeFinding("t.unlisted", "warn", "no fix in the table"),
      ]),
    ).run("example.test", {} as never);

    expect(data.findings.map((finding) => finding.remediation?.summary)).toEqual([
      "t.broken of example.test to ops@example.test",
      undefined,
      undefined,
    ]);
    expect(data.mailbox).toBe("ops@example.test");
  });

  it("leaves the finding as it is when its fix has nothing or throws, and still answers", async () => {
    const findings = [makeFinding("t.none", "warn", "w"), makeFinding("t.throws", "fail", "f")];
    const data = await withRemediations(fixes, probe(findings)).run("example.test", {} as never);

    expect(data.findings).toEqual(findings);
  });
});
