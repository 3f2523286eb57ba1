import type { Finding, Remediation, SectionResult } from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import { serverKindOf } from "./fixes-output.js";
import { htmlReport } from "./html-report.js";

const remediation: Remediation = {
  summary: "Send X-Content-Type-Options: nosniff <now>.",
  changes: [
    {
      kind: "http-header",
      name: "X-Content-Type-Options",
      value: "nosniff",
      servers: {
        nginx: 'add_header X-Content-Type-Options "nosniff" always;',
        apache: 'Header always set X-Content-Type-Options "nosniff"',
        caddy: 'header X-Content-Type-Options "nosniff"',
        iis: '<add name="X-Content-Type-Options" value="nosniff" />',
      },
    },
  ],
  steps: ["Reload the server & check."],
  references: [],
};

/** An http section envelope with one warning finding carrying `remediation`. */
function httpSection(server: string | null, status: Finding["status"] = "warn"): SectionResult {
  const finding: Finding = {
    id: "http.headers.nosniff",
    status,
    severity: "warning",
    message: "No X-Content-Type-Options.",
    remediation,
  } as Finding;
  return {
    domain: "example.test",
    section: "http",
    status: "ok",
    data: { server, findings: [finding] },
  } as unknown as SectionResult;
}

describe("the report page's fixes", () => {
  it("knows the server a Server header names", () => {
    expect(serverKindOf("nginx/1.25.3")).toBe("nginx");
    expect(serverKindOf("Apache/2.4.58 (Debian)")).toBe("apache");
    expect(serverKindOf("Microsoft-IIS/10.0")).toBe("iis");
    expect(serverKindOf("Caddy")).toBe("caddy");
    expect(serverKindOf("cloudflare")).toBeUndefined();
    expect(serverKindOf(null)).toBeUndefined();
  });

  it("shows the summary, the site's server's line to paste, and the steps, escaped", () => {
    const html = htmlReport([httpSection("nginx/1.25.3")]);

    expect(html).toContain("<b>Fix:</b> Send X-Content-Type-Options: nosniff &lt;now&gt;.");
    // The one line for nginx, the server the site names (the data dump below has them all).
    expect(html.match(/<div class="change http-header"><pre><code>([^<]*)<\/code>/)?.[1]).toBe(
      "add_header X-Content-Type-Options &quot;nosniff&quot; always;",
    );
    expect(html).toContain('<ol class="steps"><li>Reload the server &amp; check.</li></ol>');
    expect(html).toContain('<button type="button" class="copy">Copy</button>');
  });

  it("shows every server's line when the site names none it knows", () => {
    const html = htmlReport([httpSection("cloudflare")]);
    for (const kind of ["nginx", "apache", "caddy", "iis"]) expect(html).toContain(`# ${kind}:`);
  });

  it("shows no fix under a passing finding", () => {
    expect(htmlReport([httpSection("nginx", "pass")])).not.toContain('class="fix"');
  });
});
