import { generateZoneKey } from "../dnssec/dnssec-signer.js";
import type { DnsProofCase } from "./dns-fix-proof.js";

/**
 * The dns section's checks whose fix is a run of the zone's signer: each breaks the signed zone
 * one way, and the proof reads the `dnssec-signzone` command the remediation carries and signs
 * the zone again with the test kit's signer and that command's window and denial
 * (`signer-run.ts`), the signed copy loaded on every server.
 */
const cases: Record<string, DnsProofCase> = {
  // One server serves its copy without signatures.
  "dns.dnssec.signatures": {
    world: {
      servers: { 2: { signed: (records) => records.filter((record) => record.type !== "RRSIG") } },
    },
  },
  // Signatures that expire in six hours.
  "dns.dnssec.validity": { world: { signatureWindow: { from: -86_400, to: 6 * 3600 } } },
  // One server serves a DNSKEY the others lack.
  "dns.dnssec.consistency": {
    world: {
      servers: {
        1: {
          signed: (records, world) => [
            ...records,
            {
              type: "DNSKEY",
              name: world.domain,
              ttl: 3600,
              data: generateZoneKey({ algorithm: 13, flags: 256 }).dnskey,
            },
          ],
        },
      },
    },
  },
  // A signed zone without its NSEC chain.
  "dns.dnssec.denial": {
    world: {
      childSigned: (records) =>
        records.filter(
          (record) =>
            record.type !== "NSEC" &&
            !(record.type === "RRSIG" && record.data.typeCovered === "NSEC"),
        ),
    },
  },
  // One extra iteration and a salt: what RFC 9276 asks to drop, cheap to sign under load.
  "dns.dnssec.nsec3-params": {
    world: { denial: { nsec3: { iterations: 1, salt: Buffer.from("aabbccdd", "hex") } } },
  },
};

export const dnsSignerProofCases: Record<string, DnsProofCase> = Object.fromEntries(
  Object.entries(cases).map(([id, proof]) => [id, { ...proof, signer: true }]),
);
