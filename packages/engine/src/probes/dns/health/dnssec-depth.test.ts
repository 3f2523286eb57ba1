import { assessInLab, generateZoneKey } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];
const day = 86_400;

describe("DNSSEC checks in depth", () => {
  it("dns.dnssec.ds-digest: passes for SHA-256, warns for a DS set of SHA-1 only", async () => {
    const healthy = await assessInLab();
    expect(healthy.check("dns.dnssec.ds-digest")).toMatchObject({
      status: "pass",
      message: "The parent's DS set uses SHA-256.",
    });

    const sha1 = await assessInLab({ dsDigestType: 1 });
    expect(sha1.check("dns.dnssec.ds-digest")).toMatchObject({
      status: "warn",
      message:
        "The parent's DS 1 record for example.test uses only SHA-1, which RFC 8624 deprecates: add a SHA-256 DS at the registrar.",
    });
  });

  it("dns.dnssec.validity: passes two weeks out, warns for signatures expiring tomorrow or starting tomorrow", async () => {
    expect((await assessInLab()).check("dns.dnssec.validity").status).toBe("pass");

    const expiring = await assessInLab({ signatureWindow: { from: -day, to: day } });
    expect(expiring.check("dns.dnssec.validity")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/expires within 3 days .*: re-sign the zone\.$/),
    });

    const future = await assessInLab({ signatureWindow: { from: day, to: 20 * day } });
    expect(future.check("dns.dnssec.validity")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        /is signed with an inception in the future: re-sign the zone\.$/,
      ),
    });

    const expired = await assessInLab({ signatureWindow: { from: -20 * day, to: -day } });
    expect(expired.check("dns.dnssec.validity").status).toBe("fail");
  });

  it("dns.dnssec.consistency: passes when every server serves the same keys, fails for another key set or a bad signature on one", async () => {
    expect((await assessInLab()).check("dns.dnssec.consistency")).toMatchObject({
      status: "pass",
      message: "The 3 name servers serve the same DNSKEY set and signatures that validate.",
    });

    const extra = generateZoneKey({ algorithm: 13, flags: 256 });
    const otherKeys = await assessInLab({
      servers: {
        1: {
          signed: (records: Records, world) => [
            ...records,
            { type: "DNSKEY", name: world.domain, ttl: 3600, data: extra.dnskey },
          ],
        },
      },
    });
    expect(otherKeys.check("dns.dnssec.consistency")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/^The name servers serve different DNSKEY sets: /),
    });

    const corrupt = await assessInLab({
      servers: {
        0: {
          signed: (records: Records) =>
            records.map((record) =>
              record.type === "RRSIG" && record.data.typeCovered === "SOA"
                ? { ...record, data: { ...record.data, signature: Buffer.alloc(64, 1) } }
                : record,
            ),
        },
      },
    });
    expect(corrupt.check("dns.dnssec.consistency")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /^Some name servers serve signatures that do not validate: SOA from 127\.\d+\.1\.1:\d+ \(bogus\), where others validate\.$/,
      ),
    });
  });

  it("dns.ns.ipv6: passes with a name server on ::1, warns with IPv4 only", async () => {
    expect((await assessInLab()).check("dns.ns.ipv6")).toMatchObject({
      status: "pass",
      message: "::1 serves example.test over IPv6.",
      details: { answeringOverIpv6: ["::1"] },
    });
    expect((await assessInLab({ ipv6: false })).check("dns.ns.ipv6")).toMatchObject({
      status: "warn",
      message:
        "No name server of example.test has an IPv6 address: IPv6-only resolvers cannot reach it.",
    });
  });

  it("a server ignoring the DO bit fails the signatures and consistency checks", async () => {
    const { check, world } = await assessInLab({
      ipv6: false,
      servers: { 1: { behaviour: { ignoreDo: true } } },
    });
    const server = `${world.addresses[1]}:${world.lab.port}`;

    expect(check("dns.dnssec.signatures")).toMatchObject({
      status: "fail",
      message: expect.stringContaining(`SOA from ${server} is unsigned`),
    });
    expect(check("dns.dnssec.consistency")).toMatchObject({
      status: "fail",
      message: expect.stringContaining(`SOA from ${server} (missing)`),
    });
  });
});
