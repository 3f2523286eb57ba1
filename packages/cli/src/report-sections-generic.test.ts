import { createEngine, type FindingStatus, type Probe } from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import { auditWriter } from "./audit-output.js";
import { htmlReport } from "./html-report.js";
import { exitCodeOf, reportView } from "./report-view.js";
import { plain, textSummary } from "./text-summary.js";

// A section the CLI has never heard of, shaped like the ones being added (http, mail): a
// grade, and findings one level down, per host. It must show up with no CLI change.
const severity = { pass: "info", info: "info", skipped: "info", warn: "warning", fail: "error" };
const finding = (id: string, status: FindingStatus, message: string) => ({
  id,
  status,
  severity: severity[status],
  message,
});

const mailProbe: Probe = {
  run: (domain) => ({
    grade: "C",
    hosts: [
      {
        host: `mx.${domain}`,
        checks: [
          finding("mail.starttls.offered", "fail", `mx.${domain} does not offer STARTTLS.`),
          finding("mail.smtp.reachable", "pass", `mx.${domain} answers SMTP.`),
        ],
      },
    ],
    policy: [finding("mail.tls-rpt.valid", "warn", "The TLS-RPT record names no rua.")],
  }),
};

async function mailReport() {
  const engine = createEngine({
    keys: ["k"],
    probes: { whois: false, dns: false, ssl: false, http: false, mail: mailProbe, hosting: false },
  });
  return engine.lookup("shop.example");
}

describe("a section added to the engine", () => {
  it("shows its grade and findings in the summary, the audit CSV and the page", async () => {
    const report = await mailReport();
    const view = reportView(report);
    const text = textSummary(view, { paint: plain, verbose: false });
    expect(text).toMatch(/^ {2}mail +C$/m);
    expect(text).toContain("FAIL mx.shop.example does not offer STARTTLS. (mail.starttls.offered)");
    expect(text).toContain("WARN The TLS-RPT record names no rua. (mail.tls-rpt.valid)");
    expect(text).not.toContain("answers SMTP");
    expect(exitCodeOf([view], "fail")).toBe(1);
    expect(exitCodeOf([view], "never")).toBe(0);
    const warningsOnly = {
      ...view,
      sections: view.sections.map((section) => ({
        ...section,
        findings: section.findings.filter((finding) => finding.status !== "fail"),
      })),
    };
    expect(exitCodeOf([warningsOnly], "fail")).toBe(0);
    expect(exitCodeOf([warningsOnly], "warn")).toBe(1);

    const csv = auditWriter(
      "csv",
      view.sections.map((section) => section.name),
      ["shop.example"],
    );
    const [header, row] = (csv.start() + csv.row({ domain: "shop.example", report, view }))
      .trim()
      .split("\n");
    expect(header).toBe("domain,mail_status,mail_grade,fail,warn,failing,error");
    expect(row).toBe("shop.example,ok,C,1,1,mail.starttls.offered,");

    const page = htmlReport([report]);
    expect(page).toContain('id="section-mail"');
    expect(page).toContain("mx.shop.example does not offer STARTTLS.");
  });
});
