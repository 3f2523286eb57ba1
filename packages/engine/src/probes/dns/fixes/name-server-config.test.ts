import { assessInLab, configurationSteps } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("the name servers' configuration fixes", () => {
  it("state each server's lines in one form: software, where, the lines in a code span", async () => {
    const { check } = await assessInLab({
      servers: {
        2: {
          zone: (records) =>
            records.map((r) =>
              r.type === "SOA" ? { ...r, data: { ...r.data, refresh: 7200 } } : r,
            ),
        },
      },
    });

    const remediation = check("dns.soa.consistency").remediation!;
    expect(configurationSteps(remediation)).toEqual([
      { software: "BIND", where: "on each secondary, run", lines: "rndc retransfer example.test" },
      {
        software: "NSD",
        where: "on each secondary, run",
        lines: "nsd-control force_transfer example.test",
      },
      {
        software: "Knot",
        where: "on each secondary, run",
        lines: "knotc zone-retransfer example.test",
      },
      {
        software: "PowerDNS",
        where: "on each secondary, run",
        lines: "pdns_control retrieve example.test",
      },
    ]);
    // The words for servers without such a line stay, after the lines.
    expect(remediation.steps?.at(-1)).toMatch(/lost its transfers/);
  });
});
