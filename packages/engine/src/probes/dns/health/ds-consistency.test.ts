import { assessInLab, type LabWorldContext } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
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

  it("asks parent servers reached by the root's glue alone, and judges the DS set one serves", async () => {
    // The parent zone has no address records for its own servers (Zonemaster's
    // PARENT-SERVER-NO-DS-1): only the root's referral says where they are. The first parent
    // server, which the resolver reads too, lost the DS; the second still serves it.
    const withoutOwnAddresses = (records: packet.Answer[], world: LabWorldContext) =>
      records.filter(
        (record) => !(record.type === "A" && record.name.endsWith(`.nic.${world.parent}`)),
      );
    const { check, world } = await assessInLab({
      serveRoot: true,
      secondParent: withoutOwnAddresses,
      parentZone: (records, world) => [
        ...withoutOwnAddresses(records, world).filter(
          (record) => !(record.type === "DS" && record.name === world.domain),
        ),
        // The root server's name lies in this lab's parent zone: its address is found there.
        { type: "A", name: "a.root-servers.test", ttl: 86_400, data: world.rootAddress },
      ],
      rootZone: (records, world) => [
        ...records,
        { type: "NS", name: world.parent, ttl: 86_400, data: `ns2.nic.${world.parent}` },
        { type: "A", name: `ns2.nic.${world.parent}`, ttl: 86_400, data: `127.${world.block}.9.2` },
      ],
    });
    const behind = `${world.parentAddress}:${world.lab.port}`;
    const current = `127.${world.block}.9.2:${world.lab.port}`;
    const consistency = check("dns.dnssec.ds-consistency");
    expect(consistency.status).toBe("warn");
    expect(consistency.message).toContain(`${behind} serves no DS`);
    expect(consistency.message).toContain(
      `${current} serves 1 DS record (key tags ${world.ksk!.keyTag})`,
    );
    // The resolver saw no DS; the algorithm check still judges the one the second server serves.
    expect(check("dns.dnssec.algorithm")).toMatchObject({
      status: "pass",
      details: { ds: [{ keyTag: world.ksk!.keyTag, digest: "SHA-256", status: "must" }] },
    });
  });
});
