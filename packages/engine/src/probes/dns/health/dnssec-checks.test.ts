import {
  assessInLab,
  dsRecord,
  generateZoneKey,
  type LabWorldContext,
  signRrset,
  startFilteringResolver,
  startLabWorld,
  testProbeContext,
} from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";
import { dnsProbe } from "../dns-probe.js";

type Records = packet.Answer[];
const day = 86_400;
const withoutDs = (records: Records) => records.filter((record) => record.type !== "DS");

/**
 * The served DNSKEY set plus a key of `algorithm`, the set signed again by the zone's KSK (the
 * signer itself keeps only its own keys): the extra key is published, the chain still holds.
 */
const withKey = (algorithm: number, key: Buffer) => (records: Records, world: LabWorldContext) => {
  const now = Math.floor(Date.now() / 1000);
  const extra = {
    type: "DNSKEY",
    name: world.domain,
    ttl: 3600,
    data: { flags: 256, algorithm, key },
  } as packet.Answer;
  const dnskeys = [...records.filter((record) => record.type === "DNSKEY"), extra];
  const dnskeySignature = (record: packet.Answer) =>
    record.type === "RRSIG" && (record.data as packet.RrsigData).typeCovered === "DNSKEY";
  return [
    ...records.filter((record) => !dnskeySignature(record)),
    extra,
    signRrset({
      rrset: dnskeys,
      key: world.ksk!,
      zone: world.domain,
      inception: now - 3600,
      expiration: now + 14 * day,
    }),
  ];
};

describe("DNSSEC checks", () => {
  it("dns.dnssec.signed: warns for an unsigned zone and skips the rest", async () => {
    const { check, data } = await assessInLab({ algorithm: null });

    expect(check("dns.dnssec.signed")).toMatchObject({
      status: "warn",
      message: "example.test is not signed with DNSSEC: its answers can be forged on the way.",
    });
    for (const id of ["dns.dnssec.ds-match", "dns.dnssec.signatures", "dns.dnssec.algorithm"]) {
      expect(check(id).status, id).toBe("skipped");
    }
    expect(data.records.DNSKEY).toEqual([]);
    expect(data.health.score).toBe(95);
  });

  it("dns.dnssec.signed: warns for a signed zone the parent does not vouch for", async () => {
    const { check } = await assessInLab({ parentZone: withoutDs });

    expect(check("dns.dnssec.signed").message).toMatch(/is signed but the parent has no DS record/);
    expect(check("dns.dnssec.signed").status).toBe("warn");
  });

  it("dns.dnssec.signed: fails for a DS at the parent over an unsigned zone", async () => {
    const stray = generateZoneKey({ algorithm: 13 });
    const { check } = await assessInLab({
      algorithm: null,
      parentZone: (records, world) => [...records, dsRecord({ zone: world.domain, key: stray })],
    });

    expect(check("dns.dnssec.signed")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /publishes DS records for example\.test but the zone has no DNSKEY/,
      ),
    });
  });

  it("dns.dnssec.ds-match: fails when the parent's DS names another key", async () => {
    const other = generateZoneKey({ algorithm: 13 });
    const { check, world } = await assessInLab({
      parentZone: (records, lab) => [
        ...withoutDs(records),
        dsRecord({ zone: lab.domain, key: other }),
      ],
    });

    const finding = check("dns.dnssec.ds-match");
    expect(finding.status).toBe("fail");
    expect(finding.message).toBe(
      `No DS record at the parent (key tags ${other.keyTag}) matches a DNSKEY of example.test (key tags ${world.ksk?.keyTag} and ${world.zsk?.keyTag}): the chain of trust is broken.`,
    );
  });

  it("dns.dnssec.ds-match: fails when the DS names the zone-signing key, which does not sign the keys", async () => {
    const { check } = await assessInLab({
      parentZone: (records, lab) => [
        ...withoutDs(records),
        dsRecord({ zone: lab.domain, key: lab.zsk! }),
      ],
    });

    expect(check("dns.dnssec.ds-match").message).toMatch(/does not sign the zone's DNSKEY set/);
  });

  it("dns.dnssec.signatures: fails for expired signatures, which ds-match leaves to it", async () => {
    const { check, data, world } = await assessInLab({
      signatureWindow: { from: -30 * day, to: -day },
    });

    const finding = check("dns.dnssec.signatures");
    expect(finding.status).toBe("fail");
    expect(finding.message).toMatch(/SOA from .* is expired/);
    expect(data.health.score).toBeLessThan(60);
    // The DS names the key that signs the DNSKEY set; that the signature expired is the
    // signatures check's finding, not a broken chain.
    expect(check("dns.dnssec.ds-match")).toMatchObject({
      status: "pass",
      message: `The parent's DS ${world.ksk?.keyTag} matches a key that signs the zone's keys.`,
      details: { ds: [expect.objectContaining({ matchesKey: true, keySignsDnskeySet: true })] },
    });
    // The chain of trust, the denial proofs and the validity window fail on the same expired
    // signatures.
    expect(data.health.checks.filter((entry) => entry.status === "fail")).toEqual([
      finding,
      check("dns.dnssec.chain"),
      check("dns.dnssec.denial"),
      check("dns.dnssec.validity"),
    ]);
  });

  it("skips, never fails, the DNSSEC checks no name server could be asked for (private addresses not allowed)", async () => {
    const { check, data, queries, world } = await assessInLab({
      network: { allowPrivateAddresses: false },
    });

    // No name server was asked: the policy refuses their loopback addresses.
    for (const address of [world.parentAddress, ...world.addresses]) {
      expect(queries[address], address).toBe(0);
    }
    expect(check("dns.dnssec.ds-match")).toMatchObject({
      status: "skipped",
      message: expect.stringMatching(
        /^Not checked: no name server could be asked for the signed DNSKEY set: every name server address \(.*\) is non-public and network\.allowPrivateAddresses is not set\.$/,
      ),
    });
    expect(check("dns.dnssec.signatures").status).toBe("skipped");
    // What the resolver gave is judged: the zone is signed and the parent has its DS.
    expect(check("dns.dnssec.signed").status).toBe("pass");
    expect(check("dns.dnssec.algorithm").status).toBe("pass");
    // The one failure is a fact about the zone, not about this deployment: its name servers
    // sit at addresses no resolver on the internet reaches. Only the checks that ran count.
    const failing = data.health.checks.filter((entry) => entry.status === "fail");
    expect(failing.map((entry) => entry.id)).toEqual(["dns.ns.public-address"]);
    expect(data.health.checks.filter((entry) => entry.status === "warn")).toEqual([]);
    expect(data.health).toMatchObject({ score: 55, grade: "F" });
  });

  it("dns.dnssec.signatures: warns for signatures with less than 12 hours left", async () => {
    const { check } = await assessInLab({ signatureWindow: { from: -day, to: 6 * 3600 } });

    expect(check("dns.dnssec.signatures")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/expire in less than 12 hours/),
    });
  });

  it("dns.dnssec.signatures: warns for signatures valid longer than 180 days", async () => {
    const { check } = await assessInLab({ signatureWindow: { from: -day, to: 200 * day } });

    expect(check("dns.dnssec.signatures").message).toMatch(/valid for more than 180 days/);
  });

  it("dns.dnssec.signatures: fails when a server serves the zone unsigned", async () => {
    const { check, world } = await assessInLab({
      servers: { 2: { signed: (records) => records.filter((record) => record.type !== "RRSIG") } },
    });

    expect(check("dns.dnssec.signatures").message).toMatch(
      new RegExp(`SOA from \\[::1\\]:${world.lab.port} is unsigned`),
    );
  });

  it("skips dns.dnssec.signed, never fails it, when no source gave the zone's DNSKEY set", async () => {
    const world = await startLabWorld();
    // The lab's resolver, except that it never answers DNSKEY questions.
    const resolver = await startFilteringResolver({
      upstream: world.lab.resolver.address,
      drop: (question) => question.type === "DNSKEY",
    });
    try {
      const data = await dnsProbe({
        authoritativePort: world.lab.port,
        tryTimeoutMs: 100,
        udpTries: 1,
      }).run(
        world.domain,
        testProbeContext({ resolvers: [resolver.address], allowPrivateAddresses: false }),
      );

      const check = (id: string) => data.health.checks.find((entry) => entry.id === id);
      expect(data.records.DS).toHaveLength(1);
      for (const id of ["dns.dnssec.signed", "dns.dnssec.ds-match"]) {
        expect(check(id), id).toMatchObject({
          status: "skipped",
          message: expect.stringMatching(
            /^Not checked: the zone's DNSKEY records could not be read \(no answer for example\.test\/DNSKEY from .* after 1 try of 100 ms\)\.$/,
          ),
        });
      }
    } finally {
      await Promise.all([resolver.close(), world.close()]);
    }
  });

  it("dns.dnssec.algorithm: fails for RSASHA1, which RFC 9905 forbids for signing, yet validates it", async () => {
    const { check } = await assessInLab({ algorithm: 5 });

    expect(check("dns.dnssec.algorithm")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/\(RSASHA1, 2048 bits\) MUST NOT be used \(RFC 9905 2\)/),
    });
    // Validators must still validate it: the signatures verify, the chain holds.
    expect(check("dns.dnssec.signatures").status).toBe("pass");
    expect(check("dns.dnssec.chain").status).toBe("pass");
  });

  it("dns.dnssec.algorithm: warns for RSA keys under 2048 bits and for RSASHA512 (NOT RECOMMENDED)", async () => {
    const short = await assessInLab({ algorithm: 8, rsaBits: 1024 });
    expect(short.check("dns.dnssec.algorithm")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(/\(RSASHA256, 1024 bits\) is shorter than 2048 bits/),
    });

    const rsa = generateZoneKey({ algorithm: 8, flags: 256 });
    const sha512 = await assessInLab({ childSigned: withKey(10, rsa.dnskey.key) });
    expect(sha512.check("dns.dnssec.algorithm")).toMatchObject({
      status: "warn",
      message: expect.stringMatching(
        /\(RSASHA512, 2048 bits\) is NOT RECOMMENDED \(RFC 8624 3\.1\)/,
      ),
    });
  });

  it("dns.dnssec.algorithm: fails for a SHA-1 DS, which RFC 8624 3.3 forbids for delegations", async () => {
    const { check } = await assessInLab({ dsDigestType: 1 });

    expect(check("dns.dnssec.algorithm")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/\(SHA-1\) MUST NOT be used \(RFC 8624 3\.3\)/),
    });
    // Validators must accept it (RFC 8624 3.3): the chain holds.
    expect(check("dns.dnssec.ds-match").status).toBe("pass");
    expect(check("dns.dnssec.chain").status).toBe("pass");
  });

  it("dns.dnssec.algorithm: fails for MUST NOT, unassigned and private algorithms", async () => {
    const rsa = generateZoneKey({ algorithm: 8, flags: 256 });
    // DSA public key (RFC 2536): T, then Q (20 bytes), P, G and Y (64 + 8T bytes each).
    const dsaKey = Buffer.concat([Buffer.from([0]), Buffer.alloc(20, 7), Buffer.alloc(3 * 64, 9)]);
    for (const [algorithm, key, pattern] of [
      [1, rsa.dnskey.key, /\(RSAMD5, 2048 bits\) MUST NOT be used \(RFC 8624 3\.1\)/],
      [3, dsaKey, /\(DSA\) MUST NOT be used \(RFC 8624 3\.1\)/],
      [7, rsa.dnskey.key, /\(RSASHA1-NSEC3-SHA1, 2048 bits\) MUST NOT be used \(RFC 9905 2\)/],
      [12, Buffer.alloc(64, 3), /\(ECC-GOST\) MUST NOT be used \(RFC 9906\)/],
      [20, Buffer.alloc(32, 3), /\(algorithm 20\) is not an assigned algorithm/],
      [253, Buffer.alloc(32, 3), /\(algorithm 253\) is a private algorithm/],
    ] as const) {
      const { check } = await assessInLab({ childSigned: withKey(algorithm, key) });
      expect(check("dns.dnssec.algorithm"), String(algorithm)).toMatchObject({
        status: "fail",
        message: expect.stringMatching(pattern),
      });
    }
  });

  it("dns.dnssec.algorithm: newer algorithms and digests (SM2SM3 17, ECC-GOST12 23, digests 5 and 6) are allowed, insecure for us, never failed", async () => {
    for (const algorithm of [17, 23]) {
      const { check, data } = await assessInLab({
        childSigned: withKey(algorithm, Buffer.alloc(64, 5)),
      });
      expect(check("dns.dnssec.algorithm"), String(algorithm)).toMatchObject({
        status: "info",
        message: expect.stringMatching(
          /cannot validate key \d+ \((SM2SM3|ECC-GOST12)\).*insecure, not bogus \(RFC 4035 5\.2\)/,
        ),
      });
      expect(data.health.grade, String(algorithm)).toBe("A");
    }
    for (const digestType of [5, 6]) {
      // The parent vouches for the zone's key with a digest this service cannot compute.
      const { check, data } = await assessInLab({
        parentZone: (records, world) =>
          records.map((record) =>
            record.type === "DS" && record.name === world.domain
              ? ({
                  ...record,
                  data: {
                    ...(record.data as packet.DsData),
                    digestType,
                    digest: Buffer.alloc(32, 6),
                  },
                } as packet.Answer)
              : record,
          ),
      });
      expect(check("dns.dnssec.algorithm"), String(digestType)).toMatchObject({
        status: "info",
        message: expect.stringMatching(/cannot validate DS \d+ \((GOST R 34\.11-2012|SM3)\)/),
      });
      // The chain ends insecure at the zone, for want of the digest: not bogus (RFC 4035 5.2).
      expect(check("dns.dnssec.chain")).toMatchObject({
        status: "info",
        message: expect.stringMatching(/unsupported DS digest type/),
      });
      expect(check("dns.dnssec.ds-match").status).toBe("skipped");
      expect(data.health.grade, String(digestType)).not.toBe("F");
    }
  });

  it("dns.dnssec.algorithm: fails for an RSA key under 1024 bits", async () => {
    const { check } = await assessInLab({ algorithm: 8, rsaBits: 768 });

    expect(check("dns.dnssec.algorithm")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/\(RSASHA256, 768 bits\) is far too short/),
    });
  });
});
