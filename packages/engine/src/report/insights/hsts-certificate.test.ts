import { httpData, insightInput, sslData } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";
import { hstsCertificateInsight } from "./hsts-certificate.js";

const notAfter = "2026-12-01T00:00:00.000Z";
const run = (
  http: Record<string, unknown> | "error",
  daysRemaining: number,
  ssl: "error" | undefined = undefined,
) =>
  hstsCertificateInsight(insightInput({ http, ssl: ssl ?? sslData({ notAfter, daysRemaining }) }));

describe("report.hsts.certificate-expiring", () => {
  it("warns when a preload-ready HSTS site's certificate expires within 14 days", () => {
    expect(run(httpData(), 14)).toEqual({
      id: "report.hsts.certificate-expiring",
      status: "warn",
      severity: "warning",
      message: `The site sends an HSTS policy ready for the preload list but its certificate expires on ${notAfter} (14 days): browsers will offer no way past the error if it is not renewed in time.`,
      details: {
        maxAge: 63072000,
        preloadReady: true,
        certificateNotAfter: notAfter,
        daysRemaining: 14,
      },
    });
    expect(run(httpData({}, false), 3).message).toMatch(/^The site sends an HSTS policy but/);
  });

  it("passes with more than 14 days left", () => {
    expect(run(httpData(), 15).status).toBe("pass");
  });

  it("is skipped without HSTS, with an invalid or zero policy, or without either section", () => {
    expect(run(httpData(null), 3).message).toBe("Not checked: the site sends no HSTS policy.");
    expect(run(httpData({ valid: false }), 3).status).toBe("skipped");
    expect(run(httpData({ maxAge: 0 }), 3).status).toBe("skipped");
    expect(run("error", 3).message).toBe("Not checked: the http section failed (upstream_error).");
    expect(run(httpData(), 3, "error").status).toBe("skipped");
  });
});
