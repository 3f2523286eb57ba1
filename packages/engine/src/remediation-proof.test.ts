import {
  dnsProofCases,
  type FixProof,
  httpProofCases,
  mailProofCases,
  proofProblems,
  proveDnsFix,
  proveHttpFix,
  proveMailFix,
  proveSslFix,
  sslProofCases,
} from "@domain-intel/test-kit";
import { Value } from "@sinclair/typebox/value";
import { describe, expect, it } from "vitest";
import { RemediationSchema } from "./contract/remediation.js";

/**
 * Every fix we suggest passes our own checks (as cnspec's TestRemediationSatisfiesCheck does):
 * for each finding id that can fail, a broken world on loopback, the remediation the section
 * attached, applied mechanically, and the section asked again: the finding passes and no other
 * finding of the section got worse.
 */
function expectProven(proof: FixProof) {
  expect(Value.Errors(RemediationSchema, proof.remediation).First()?.message).toBeUndefined();
  expect(proofProblems(proof)).toEqual([]);
}

describe.concurrent("remediations proven by our own checks", () => {
  for (const [id, proof] of Object.entries(dnsProofCases)) {
    it(`${id}: the dns section's fix makes it pass`, async () => {
      expectProven(await proveDnsFix(id, proof));
    }, 60_000);
  }
  for (const [id, proof] of Object.entries(mailProofCases)) {
    it(`${id}: the mail section's fix makes it pass`, async () => {
      expectProven(await proveMailFix(id, proof));
    }, 60_000);
  }
  for (const [id, proof] of Object.entries(httpProofCases)) {
    it(`${id}: the http section's fix makes it pass`, async () => {
      expectProven(await proveHttpFix(id, proof));
    }, 60_000);
  }
  for (const [id, proof] of Object.entries(sslProofCases)) {
    it(`${id}: the ssl section's fix makes it pass`, async () => {
      expectProven(await proveSslFix(id, proof));
    }, 60_000);
  }
});
