import type * as packet from "dns-packet";
import type { HostingLab, HostingProofCase } from "./hosting-fix-proof.js";

const withoutAaaa =
  (name: (lab: HostingLab) => string) => (records: packet.Answer[], lab: HostingLab) =>
    records.filter((record) => !(record.type === "AAAA" && record.name === name(lab)));

/**
 * The hosting section's findings with a fix: AAAA records at the address the user supplies (the
 * lab's ::1, where the web site answers too), and ROAs the address holder publishes.
 */
export const hostingProofCases: Record<string, HostingProofCase> = {
  "hosting.ipv6.web": {
    zone: withoutAaaa((lab) => lab.domain),
    parameters: { ipv6Address: "::1" },
  },
  "hosting.ipv6.mail": {
    zone: withoutAaaa((lab) => `mail.${lab.domain}`),
    parameters: { ipv6Address: "::1" },
  },
  // One ROA for the web address's /24 from AS64501: the other addresses' routes in it are invalid.
  "hosting.rpki.valid": {
    vrps: (lab) => [
      { prefix: `${lab.at(0)}/24`, maxLength: 32, asn: 64_501 },
      { prefix: "::1/128", maxLength: 128, asn: 64_510 },
    ],
  },
};
