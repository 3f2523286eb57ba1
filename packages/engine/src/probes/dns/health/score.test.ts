import { describe, expect, it } from "vitest";
import { makeFinding } from "../../../contract/finding.js";
import { scoreChecks } from "./score.js";

describe("scoreChecks", () => {
  it("counts only the checks that ran: skipped ones neither cost nor earn", () => {
    const ran = [
      makeFinding("dns.zone.exists", "pass", "exists"),
      makeFinding("dns.ns.lame", "fail", "lame"),
      makeFinding("dns.spf.all", "warn", "?all"),
    ];
    const skipped = makeFinding("dns.dnssec.ds-match", "skipped", "Not checked: policy.");

    expect(scoreChecks(ran)).toEqual({ score: 50, grade: "F" });
    expect(scoreChecks([...ran, skipped, skipped])).toEqual({ score: 50, grade: "F" });
  });

  it("gives no score and no grade when no check ran", () => {
    const skipped = makeFinding("dns.dnssec.ds-match", "skipped", "Not checked: policy.");

    expect(scoreChecks([skipped, skipped])).toEqual({ score: null, grade: null });
    expect(scoreChecks([])).toEqual({ score: null, grade: null });
  });
});
