import { assessInLab } from "@domain-intel/test-kit";
import type * as packet from "dns-packet";
import { describe, expect, it } from "vitest";

type Records = packet.Answer[];

describe("dns.dnssec.denial and dns.dnssec.nsec3-params", () => {
  it("pass for an NSEC zone, which has no NSEC3 parameters", async () => {
    const { check } = await assessInLab();

    expect(check("dns.dnssec.denial")).toMatchObject({
      status: "pass",
      message: "NXDOMAIN and NODATA answers from 3 name servers carry valid NSEC proofs.",
    });
    expect(check("dns.dnssec.nsec3-params")).toMatchObject({
      status: "pass",
      message: "example.test uses NSEC, which has no iterations or salt to tune.",
    });
  });

  it("pass for NSEC3 with 0 iterations and no salt, opt-out or not", async () => {
    for (const optOut of [false, true]) {
      const { check } = await assessInLab({ denial: { nsec3: { iterations: 0, optOut } } });
      expect(check("dns.dnssec.denial")).toMatchObject({
        status: "pass",
        message: "NXDOMAIN and NODATA answers from 3 name servers carry valid NSEC3 proofs.",
      });
      const params = check("dns.dnssec.nsec3-params");
      expect(params).toMatchObject({
        status: "pass",
        message: `NSEC3 uses 0 extra iterations and no salt${optOut ? ", with opt-out" : ""}, as RFC 9276 recommends.`,
      });
      // Read per server from the apex's own NSEC3 record: hash SHA-1, opt-out in its flags.
      const servers = Object.values(params.details?.servers as Record<string, unknown>);
      expect(servers).toEqual(
        Array(3).fill({ algorithm: 1, flags: optOut ? 1 : 0, iterations: 0, salt: "-" }),
      );
    }
  });

  it("nsec3-params warns for 100 iterations and a salt, which still prove denial", async () => {
    const { check } = await assessInLab({
      denial: { nsec3: { iterations: 100, salt: Buffer.from("aabbccdd", "hex") } },
    });

    expect(check("dns.dnssec.denial").status).toBe("pass");
    expect(check("dns.dnssec.nsec3-params")).toMatchObject({
      status: "warn",
      message:
        "NSEC3 uses 100 extra iterations and a salt (aabbccdd): RFC 9276 asks for 0 iterations and no salt, which cost resolvers nothing and protect nothing.",
    });
    const salted = await assessInLab({
      denial: { nsec3: { iterations: 0, salt: Buffer.from("ab", "hex") } },
    });
    expect(salted.check("dns.dnssec.nsec3-params").status).toBe("warn");
  });

  it("fails for negative answers without NSEC records, or with broken NSEC signatures", async () => {
    const bare = await assessInLab({
      childSigned: (records: Records) =>
        records.filter(
          (record) =>
            record.type !== "NSEC" &&
            !(record.type === "RRSIG" && record.data.typeCovered === "NSEC"),
        ),
    });
    expect(bare.check("dns.dnssec.denial")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(
        /^The zone's proofs of non-existence are broken: the NXDOMAIN from .* carries no valid proof \(the answer carries no NSEC or NSEC3 record\).*the apex shows neither NSEC nor NSEC3/,
      ),
    });

    const forged = await assessInLab({
      denial: { nsec3: { iterations: 0 } },
      childSigned: (records: Records) =>
        records.map((record) =>
          record.type === "RRSIG" && record.data.typeCovered === "NSEC3"
            ? { ...record, data: { ...record.data, signature: Buffer.alloc(64, 2) } }
            : record,
        ),
    });
    expect(forged.check("dns.dnssec.denial").message).toMatch(
      /no NSEC3 record carries a valid signature/,
    );
  });

  it("nsec3-params warns for overlapping NSEC3 records at the apex (DNSSEC03 ERR_MULT_NSEC3)", async () => {
    // A stray record just after one of the chain's owners lies inside that record's span: a
    // second chain as one chain never is (RFC 5155 7.1). The lab sends the whole chain.
    const bump = (label: string) =>
      label.slice(0, -1) + (label.at(-1) === "V" || label.at(-1) === "v" ? "U" : "V");
    const { check } = await assessInLab({
      denial: { nsec3: { iterations: 0 } },
      childSigned: (records: Records) => {
        const first = records.find((record) => record.type === "NSEC3")!;
        const [label, ...rest] = first.name.split(".");
        return [...records, { ...first, name: [bump(label!), ...rest].join(".") }];
      },
    });
    const finding = check("dns.dnssec.nsec3-params");
    expect(finding.status).toBe("warn");
    expect(finding.message).toMatch(
      /^The apex's NSEC3 records overlap, which one chain never does \(RFC 5155 7\.1\): \S+ inside \S+ \(from /,
    );
  });

  it("fails when the NSEC chain does not cover the name asked", async () => {
    // Every NSEC points to the next name: dropping the one before the probe's name leaves a gap.
    const { check } = await assessInLab({
      childSigned: (records: Records) =>
        records.filter((record) => !(record.type === "NSEC" && record.name === "example.test")),
    });
    expect(check("dns.dnssec.denial")).toMatchObject({
      status: "fail",
      message: expect.stringMatching(/no NSEC (covers|at) /),
    });
  });
});
