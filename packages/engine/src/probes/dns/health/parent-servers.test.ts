import {
  assessInLab,
  startFilteringResolver,
  startLabWorld,
  testProbeContext,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { dnsProbe } from "../dns-probe.js";

/** The second parent server no longer delegates the zone: no NS, glue or DS for it. */
const undelegating = {
  secondParent: (records: packet.Answer[], lab: { domain: string }) =>
    records.filter(
      (record) => !(record.name === lab.domain || record.name.endsWith(`.${lab.domain}`)),
    ),
};

describe("dns.ns.parent-child: each parent server's delegation (BASIC01)", () => {
  it("passes when both parent servers delegate the zone alike", async () => {
    const { check } = await assessInLab({ secondParent: (records) => records });
    const finding = check("dns.ns.parent-child");
    expect(finding.status).toBe("pass");
    expect(finding.details?.parentServers).toEqual([]);
  });

  it("warns when one parent server delegates and the other answers NXDOMAIN", async () => {
    const { check, world } = await assessInLab(undelegating);
    const behind = `127\\.${world.block}\\.9\\.2:${world.lab.port}`;
    const finding = check("dns.ns.parent-child");
    expect(finding).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        new RegExp(
          `^The delegation of example\\.test depends on the parent server asked: the servers of test disagree: .*${behind} answers NXDOMAIN \\(no delegation\\)`,
        ),
      ),
    });
    expect(finding.details?.parentServers).toHaveLength(2);
  });

  it("still warns when the resolver fails the zone's NS question", async () => {
    const world = await startLabWorld(undelegating);
    const resolver = await startFilteringResolver({
      upstream: world.lab.resolver.address,
      drop: (question) => question.type === "NS" && question.name === world.domain,
    });
    try {
      const data = await dnsProbe({
        authoritativePort: world.lab.port,
        tryTimeoutMs: 200,
        udpTries: 1,
      }).run(
        world.domain,
        testProbeContext({ resolvers: [resolver.address], allowPrivateAddresses: true }),
      );
      const behind = `127\\.${world.block}\\.9\\.2:${world.lab.port}`;
      expect(
        data.health.checks.find((finding) => finding.id === "dns.ns.parent-child"),
      ).toMatchObject({
        status: "warn",
        message: expect.stringMatching(
          new RegExp(
            `^The delegation of example\\.test depends on the parent server asked: the servers of test disagree: .*${behind} answers NXDOMAIN \\(no delegation\\)`,
          ),
        ),
      });
    } finally {
      await Promise.all([resolver.close(), world.close()]);
    }
  });
});
