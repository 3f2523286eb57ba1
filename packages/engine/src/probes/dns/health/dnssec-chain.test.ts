import {
  assessInLab,
  dsRecord,
  engineGet,
  generateZoneKey,
  presentDs,
  startLabWorld,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../../contract/finding.js";
import { createEngine } from "../../../engine.js";
import { silentLogger } from "../../../logging/logger.js";
import { dnsProbe } from "../dns-probe.js";

type Records = packet.Answer[];
const day = 86_400;
const withoutDs = (records: Records) => records.filter((record) => record.type !== "DS");

describe("dns.dnssec.chain", () => {
  it("passes when the chain validates from the root anchor down to the zone", async () => {
    const { check, data, world } = await assessInLab();

    // The data lists every level; the finding carries the same.
    expect(data.dnssec).toEqual({
      anchor: ".",
      chain: (check("dns.dnssec.chain").details as { levels: unknown[] }).levels,
    });
    expect(data.dnssec.chain.map((level) => level.zone)).toEqual([".", "test", "example.test"]);

    expect(check("dns.dnssec.chain")).toMatchObject({
      status: "pass",
      message:
        "The chain of trust validates from the trust anchor down to example.test: . -> test -> example.test.",
      details: {
        anchor: ".",
        levels: [
          { zone: ".", status: "secure", dnskeyTags: [world.rootKey.keyTag] },
          { zone: "test", status: "secure", ds: [world.parentKey.keyTag] },
          { zone: "example.test", status: "secure", ds: [world.ksk?.keyTag] },
        ],
      },
    });
  });

  it("fails at the root when the trust anchor names another key", async () => {
    const stranger = generateZoneKey({ algorithm: 13 });
    const { check } = await assessInLab({
      probe: { trustAnchors: presentDs(dsRecord({ zone: ".", key: stranger })) },
    });

    expect(check("dns.dnssec.chain")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        new RegExp(
          `^The chain of trust breaks at \\.: DNSKEY missing: no key matches DS ${stranger.keyTag}\\.`,
        ),
      ),
    });
  });

  it("fails at the TLD when the root's DS names another key", async () => {
    const stranger = generateZoneKey({ algorithm: 13 });
    const { check } = await assessInLab({
      rootZone: (records, world) => [
        ...withoutDs(records),
        dsRecord({ zone: world.parent, key: stranger }),
      ],
    });

    const finding = check("dns.dnssec.chain");
    expect(finding.status).toBe("fail");
    expect(finding.message).toMatch(/^The chain of trust breaks at test: DNSKEY missing/);
    expect((finding.details as { levels: unknown[] }).levels).toHaveLength(2);
  });

  it("fails at the TLD when its DS set for the zone carries a broken signature", async () => {
    const { check } = await assessInLab({
      parentSigned: (records) =>
        records.map((record) =>
          record.type === "RRSIG" && record.data.typeCovered === "DS"
            ? { ...record, data: { ...record.data, signature: Buffer.alloc(64, 7) } }
            : record,
        ),
    });

    expect(check("dns.dnssec.chain").message).toBe(
      "The chain of trust breaks at example.test: the DS set at test: DNSSEC bogus: the signature does not verify. Validating resolvers answer SERVFAIL for example.test.",
    );
  });

  it("fails at the zone for a DS naming another key, and for expired signatures", async () => {
    const other = generateZoneKey({ algorithm: 13 });
    const wrongDs = await assessInLab({
      parentZone: (records, world) => [
        ...withoutDs(records),
        dsRecord({ zone: world.domain, key: other }),
      ],
    });
    expect(wrongDs.check("dns.dnssec.chain").message).toMatch(
      /^The chain of trust breaks at example\.test: DNSKEY missing: no key matches DS/,
    );

    const expired = await assessInLab({ signatureWindow: { from: -30 * day, to: -day } });
    expect(expired.check("dns.dnssec.chain")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /^The chain of trust breaks at example\.test: signature expired\./,
      ),
    });
  });

  it("is info for an unsigned zone: the chain ends at its delegation", async () => {
    const { check } = await assessInLab({ algorithm: null });

    expect(check("dns.dnssec.chain")).toMatchObject({
      status: "info",
      message:
        "The chain of trust from . ends at example.test (the parent test publishes no DS for example.test): answers for example.test are not validated.",
    });
  });

  it("refuses trust anchors it cannot read, naming the option", () => {
    expect(() => dnsProbe({ trustAnchors: ". IN DS 1 8 2 zz" })).toThrow(
      /^dnsProbe: options\.trustAnchors cannot be read: line 1: a DS record needs/,
    );
    expect(() => dnsProbe({ trustAnchors: [". IN A 192.0.2.1"] })).toThrow(
      /not a DS or DNSKEY record/,
    );
  });

  it("takes the engine's dns.trustAnchors; the default IANA root keys do not vouch for the lab's root", async () => {
    const world = await startLabWorld();
    try {
      const chainWith = async (dns: { trustAnchors?: string } | undefined) => {
        const engine = createEngine({
          keys: ["chain-key"],
          ...(dns ? { dns } : {}),
          network: { resolvers: [world.lab.resolver.address], allowPrivateAddresses: true },
          rateLimit: false,
          logger: silentLogger,
        });
        // The lab's name servers share one port: the built-in probe asks port 53, so only the
        // chain (asked through the resolver) is judged here.
        const answer = await engineGet(engine, `/api/v1/dns/${world.domain}`, "chain-key");
        const checks = (answer.body as { data: { health: { checks: Finding[] } } }).data.health
          .checks;
        return checks.find((finding) => finding.id === "dns.dnssec.chain");
      };
      expect((await chainWith({ trustAnchors: world.trustAnchor }))?.status).toBe("pass");
      expect((await chainWith(undefined))?.message).toMatch(
        /^The chain of trust breaks at \.: DNSKEY missing: no key matches DS 20326, 38696\./,
      );
    } finally {
      await world.close();
    }
  });

  it("refuses the engine's dns.trustAnchors when they cannot be read", () => {
    expect(() =>
      createEngine({ keys: ["k"], dns: { trustAnchors: "example. IN DS 1 2" } }),
    ).toThrow(/^createEngine: options\.dns\.trustAnchors cannot be read: line 1/);
  });
});
