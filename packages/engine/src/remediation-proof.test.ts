import {
  dnsConfigProofCases,
  dnsProofCases,
  type FixProof,
  httpProofCases,
  mailProofCases,
  proofProblems,
  proveDnsConfigFix,
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

// Each section's broken cases and the prover that serves, fixes and asks again.
const sections: [
  string,
  Record<string, unknown>,
  (id: string, proof: never) => Promise<FixProof>,
][] = [
  ["dns", dnsProofCases, proveDnsFix],
  ["dns", dnsConfigProofCases, proveDnsConfigFix],
  ["mail", mailProofCases, proveMailFix],
  ["http", httpProofCases, proveHttpFix],
  ["ssl", sslProofCases, proveSslFix],
];

describe.concurrent("remediations proven by our own checks", () => {
  for (const [section, cases, prove] of sections) {
    for (const [id, proof] of Object.entries(cases)) {
      it(`${id}: the ${section} section's fix makes it pass`, async () => {
        expectProven(await prove(id, proof as never));
      }, 60_000);
    }
  }
});
