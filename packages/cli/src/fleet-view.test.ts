import type { FleetMark, FleetRow } from "@domain-intel/engine";
import { describe, expect, it } from "vitest";
import {
  filterFleetRows,
  fleetRowHtml,
  fleetTimelineHtml,
  shortValue,
  sortFleetRows,
} from "./fleet-view.js";

const mark = (value: FleetMark["mark"], fail = 0, warn = 0): FleetMark => ({
  mark: value,
  grade: null,
  fail,
  warn,
  recordedAt: "2026-11-20T10:00:00.000Z",
});
const expiry = (daysLeft: number) => ({ expiresAt: "2027-01-01T00:00:00.000Z", daysLeft });
const change = (at: string) => ({
  at,
  section: "ssl",
  kind: "certificate",
  path: "certificate.fingerprint256",
  before: "AA",
  after: "BB",
});

const rows: FleetRow[] = [
  {
    domain: "b.example",
    sections: { dns: mark("warn", 0, 2), ssl: mark("ok") },
    certificate: expiry(40),
    registration: expiry(300),
    latestChange: change("2026-11-20T10:00:00.000Z"),
  },
  {
    domain: "a.example",
    sections: { dns: mark("fail", 1), ssl: null },
    certificate: null,
    registration: expiry(5),
    latestChange: null,
  },
  {
    domain: "c.example",
    sections: { dns: mark("ok"), ssl: mark("fail", 3) },
    certificate: expiry(-2),
    registration: null,
    latestChange: change("2026-11-24T10:00:00.000Z"),
  },
];
const domains = (list: readonly FleetRow[]) => list.map((row) => row.domain);

describe("the fleet page's rows", () => {
  // Days: fewest first, a row without a certificate after the others either way; marks: worst
  // first, nothing recorded last; changes: newest first.
  it.each([
    ["domain", "asc", "a b c"],
    ["domain", "desc", "c b a"],
    ["certificate", "asc", "c b a"],
    ["certificate", "desc", "b c a"],
    ["registration", "asc", "a b c"],
    ["section:dns", "asc", "a b c"],
    ["section:ssl", "asc", "c b a"],
    ["change", "asc", "c b a"],
  ] as const)("sort by %s %s: %s, unknown values last", (key, direction, order) => {
    const sorted = sortFleetRows(rows, { key, direction });
    expect(domains(sorted)).toEqual(order.split(" ").map((name) => `${name}.example`));
    // The input is left as it was.
    expect(domains(rows)).toEqual(["b.example", "a.example", "c.example"]);
  });

  it("filter by expiry within N days, a failing section and the latest change's date", () => {
    expect(domains(filterFleetRows(rows, { expiringWithinDays: 30 }))).toEqual([
      "a.example",
      "c.example",
    ]);
    expect(domains(filterFleetRows(rows, { expiringWithinDays: 40 }))).toEqual([
      "b.example",
      "a.example",
      "c.example",
    ]);
    expect(domains(filterFleetRows(rows, { failing: "*" }))).toEqual(["a.example", "c.example"]);
    expect(domains(filterFleetRows(rows, { failing: "ssl" }))).toEqual(["c.example"]);
    expect(
      domains(filterFleetRows(rows, { changedSince: new Date("2026-11-21T00:00:00Z") })),
    ).toEqual(["c.example"]);
    expect(domains(filterFleetRows(rows, { failing: "dns", expiringWithinDays: 10 }))).toEqual([
      "a.example",
    ]);
  });

  it("escape what the domains' data says and link each row to its report page", () => {
    const hostile = {
      ...rows[0]!,
      latestChange: {
        ...change("2026-11-24T10:00:00.000Z"),
        kind: "field",
        path: "txt",
        after: "<img src=x onerror=alert(1)>",
      },
    };
    const html = fleetRowHtml(hostile, ["dns", "ssl"]);
    expect(html).toContain('href="view?domain=b.example"');
    expect(html).not.toContain("<img");
    const timeline = fleetTimelineHtml([{ domain: "b.example", ...hostile.latestChange }]);
    expect(timeline).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(timeline).not.toContain("<img");
  });

  it("say names rather than JSON for changed values", () => {
    expect(shortValue(["ns1.example", "ns2.example"])).toBe("ns1.example, ns2.example");
    expect(shortValue({ dn: "CN=New CA", commonName: "New CA", organization: null })).toBe(
      "New CA",
    );
    expect(shortValue(null)).toBe("none");
    expect(shortValue("x".repeat(80))).toHaveLength(60);
  });
});
