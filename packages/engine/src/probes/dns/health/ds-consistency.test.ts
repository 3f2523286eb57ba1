import { assessInLab } from "@domain-intel/test-kit";
import { describe, expect, it } from "vitest";

describe("dns.dnssec.ds-consistency: the DS set on each parent server", () => {
  it("passes when every parent server serves the same DS set", async () => {
    const { check, world } = await assessInLab({ secondParent: (records) => records });
    const finding = check("dns.dnssec.ds-consistency");
    expect(finding).toMatchObject({
      status: "pass",
      message: "All 2 servers of test serve the same DS set for example.test (1 record).",
    });
    expect(finding.details?.servers).toEqual([
      {
        server: expect.stringMatching(new RegExp(`^127\\.${world.block}\\.9\\.[12]:`)),
        ds: [expect.any(String)],
      },
      {
        server: expect.stringMatching(new RegExp(`^127\\.${world.block}\\.9\\.[12]:`)),
        ds: [expect.any(String)],
      },
    ]);
  });

  it("warns when a parent server is left behind by a DS change, naming each server's set", async () => {
    const { check, world } = await assessInLab({
      secondParent: (records, lab) =>
        records.filter((record) => !(record.type === "DS" && record.name === lab.domain)),
    });
    const behind = `127.${world.block}.9.2:${world.lab.port}`;
    const current = `${world.parentAddress}:${world.lab.port}`;
    expect(check("dns.dnssec.ds-consistency")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        new RegExp(
          `^The servers of test serve different DS sets for example\\.test: (${current} serves 1 DS record \\(key tags ${world.ksk!.keyTag}\\); ${behind} serves no DS|${behind} serves no DS; ${current} serves 1 DS record \\(key tags ${world.ksk!.keyTag}\\))\\. Validators get another chain of trust`,
        ),
      ),
    });
  });
});
