import {
  carryOutRegistrarSteps,
  dnsProofCases,
  type FixProof,
  hostingProofCases,
  proofProblems,
  proveDnsFix,
  proveHostingFix,
  proveWhoisFix,
  testProbeContext,
  whoisProofCases,
} from "@domain-intel/test-kit";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { RemediationSchema } from "./contract/remediation.js";
import { createRtrClient } from "./protocols/rtr/rtr-option.js";

// The engine's own RTR client, as `rpki.rtr` makes it, for the hosting lab's StayRTR.
const rtrClient = (cache: string) =>
  createRtrClient({ cache, network: testProbeContext().network });

/**
 * The registration's and the hosting's fixes proven as remediation-proof.test.ts proves the
 * others: the broken registry entry or hosting on loopback, the section's remediation carried
 * out (the registrar's steps on the registry's entry, the records on the zone, the ROAs in the
 * RPKI cache), the section asked again: the finding passes and no other got worse.
 */
function expectProven(proof: FixProof) {
  expect(Value.Errors(RemediationSchema, proof.remediation).First()?.message).toBeUndefined();
  expect(proofProblems(proof)).toEqual([]);
}

describe.concurrent("registration and hosting remediations proven by our own checks", () => {
  for (const [id, proof] of Object.entries(whoisProofCases)) {
    it(`${id}: the registrar's steps, carried out at the registry, make it pass`, async () => {
      expectProven(await proveWhoisFix(id, proof));
    }, 60_000);
  }
  for (const [id, proof] of Object.entries(hostingProofCases)) {
    it(`${id}: the hosting section's fix makes it pass`, async () => {
      expectProven(await proveHostingFix(id, proof, rtrClient));
    }, 60_000);
  }
});

describe("a proof in words has teeth", () => {
  it("fails when the carried-out world is still broken, or the steps do not name the change", async () => {
    const broken = dnsProofCases["dns.ns.case"]!;
    const unchanged = await proveDnsFix("dns.ns.case", {
      ...broken,
      step: { world: broken.world, names: [] },
    });
    expect(proofProblems(unchanged)).toEqual([
      expect.stringMatching(/^dns\.ns\.case is (fail|warn) after the fix/),
    ]);
    await expect(
      proveDnsFix("dns.ns.case", {
        ...broken,
        step: { world: {}, names: ["allow-recursion { localhost; }"] },
      }),
    ).rejects.toThrow(/does not name allow-recursion \{ localhost; \}/);
  }, 60_000);
});

describe("the registrar's steps, read from the remediation's words", () => {
  const entry = { statuses: ["active"], expiresAt: new Date("2026-12-01T00:00:00Z") };
  const steps = (...lines: string[]) => ({
    summary: "",
    changes: [],
    steps: lines,
    references: [],
  });

  it("renew from the expiry the registry holds, and only at the registrar it names", () => {
    const renewed = carryOutRegistrarSteps(
      "whois.domain.expiring-soon",
      steps(
        "Renew at Example Registrar, Inc. (https://registrar.example) (expiry 2026-12-01), ...",
      ),
      entry,
    );
    expect(renewed.expiresAt.toISOString()).toBe("2027-12-01T00:00:00.000Z");
    expect(() =>
      carryOutRegistrarSteps("whois.domain.expired", steps("Renew at Other Registrar"), entry),
    ).toThrow(/no step a registrar could carry out/);
  });
});
