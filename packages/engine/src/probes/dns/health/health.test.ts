import { assessInLab } from "@domain-intel/test-kit";
import { Ajv2020 } from "ajv/dist/2020.js";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { DnsDataSchema as dnsDataSchema } from "../declaration.js";
import { dnsCheckIds } from "./check-ids.js";

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(dnsDataSchema);

const corruptSoaSignature = (records: packet.Answer[]) =>
  records.map((record) => {
    if (record.type !== "RRSIG" || record.data.typeCovered !== "SOA") return record;
    const signature = Buffer.from(record.data.signature);
    signature[5] = (signature[5] ?? 0) ^ 0xff;
    return { ...record, data: { ...record.data, signature } };
  });

describe("the health of a zone on loopback name servers", () => {
  it.each([13, 8, 15] as const)(
    "scores a healthy zone signed with algorithm %i at least 95, every check passing",
    async (algorithm) => {
      const { data, queries, world } = await assessInLab({ algorithm });

      expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
      expect(data.health.zone).toBe(world.domain);
      expect(data.health.checks.map((finding) => finding.id)).toEqual([...dnsCheckIds]);
      const notPassing = data.health.checks.filter((finding) => finding.status !== "pass");
      // On loopback the addresses cannot be public: that one check is skipped, with its reason.
      // NSID only ever informs.
      expect(notPassing.map((finding) => [finding.id, finding.status])).toEqual([
        ["dns.ns.public-address", "skipped"],
        ["dns.ns.nsid", "info"],
      ]);
      expect(data.health.score).toBeGreaterThanOrEqual(95);
      expect(data.health.grade).toBe("A");
      // Every name server and the parent server were asked directly.
      for (const address of [world.parentAddress, ...world.addresses]) {
        expect(queries[address], address).toBeGreaterThan(0);
      }
      // The DNSSEC records, each with its TTL: the zone's keys, and the parent's DS for the KSK.
      expect(data.records.DNSKEY.map((key) => [key.flags, key.keyTag, key.ttl])).toEqual([
        [257, world.ksk?.keyTag, 3600],
        [256, world.zsk?.keyTag, 3600],
      ]);
      expect(data.records.DS).toEqual([
        expect.objectContaining({ keyTag: world.ksk?.keyTag, algorithm, digestType: 2, ttl: 3600 }),
      ]);
    },
  );

  it("scores a zone with a lame name server under 60", async () => {
    const { data, check } = await assessInLab({ servers: { 1: { behaviour: { refuse: true } } } });

    expect(check("dns.ns.lame")).toMatchObject({ status: "fail", severity: "error" });
    expect(data.health.score).toBeLessThan(60);
    expect(data.health.grade).toBe("F");
  });

  it("scores a zone with a bogus signature under 60", async () => {
    const { data, check } = await assessInLab({ servers: { 0: { signed: corruptSoaSignature } } });

    expect(check("dns.dnssec.signatures")).toMatchObject({ status: "fail", severity: "error" });
    expect(check("dns.dnssec.signatures").message).toMatch(/SOA from 127\.\d+\.1\.1:\d+ is bogus/);
    expect(data.health.score).toBeLessThan(60);
  });

  it("reports NXDOMAIN as a failed zone.exists and skips every other check", async () => {
    const { data, check } = await assessInLab({ name: "nope.example.test" });

    expect(data.exists).toBe(false);
    expect(check("dns.zone.exists")).toMatchObject({ status: "fail", severity: "error" });
    const others = data.health.checks.filter((finding) => finding.id !== "dns.zone.exists");
    expect(new Set(others.map((finding) => finding.status))).toEqual(new Set(["skipped"]));
    expect(others[0]?.details).toEqual({ reason: "nope.example.test does not exist" });
    expect(data.health).toMatchObject({ score: 55, grade: "F", zone: null });
  });
});
