import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import type { DnsCheckId } from "../health/check-ids.js";
import type { DnsFix } from "./fix.js";

/**
 * Fixes no record can make: each is the name servers' or the signer's configuration, or a
 * provider's. Data: one row a check, its summary, the steps (with the settings of common
 * servers) and references.
 */
const rows: Partial<
  Record<DnsCheckId, { summary: string; steps: string[]; references: string[] }>
> = {
  "dns.ns.public-address": {
    summary: "Delegate only to name servers with public addresses.",
    steps: ["Replace private or reserved addresses in the NS hosts' records and the glue."],
    references: [rfc(6890)],
  },
  "dns.ns.edns": {
    summary: "Answer EDNS queries (RFC 6891) on every name server.",
    steps: [
      "Upgrade the server software, or remove the firewall rule that drops queries with an OPT record.",
    ],
    references: [rfc(6891)],
  },
  "dns.dnssec.algorithm": {
    summary:
      "Roll the zone's keys over to a recommended algorithm (13, ECDSA P-256, or 15, Ed25519).",
    steps: [
      "Follow an algorithm rollover (RFC 6781 4.1.4): sign with both algorithms, publish the new DS, then retire the old keys. Managed DNS providers do this from their DNSSEC settings.",
    ],
    references: [rfc(8624, "3.1"), rfc(6781, "4.1.4")],
  },
  "dns.dnssec.cds": {
    summary: "Publish CDS/CDNSKEY records that match the zone's keys on every server, or none.",
    steps: [
      "Let the signer regenerate CDS and CDNSKEY from the current key-signing key, or remove them.",
    ],
    references: [rfc(7344), rfc(8078)],
  },
  "dns.ns.edns-version": {
    summary: "Answer EDNS version 1 queries with BADVERS (RFC 6891 6.1.3).",
    steps: [
      "Upgrade the name server software; a firewall or load balancer that rewrites DNS may also be the cause.",
    ],
    references: [rfc(6891, "6.1.3"), "https://ednscomp.isc.org/"],
  },
  "dns.ns.edns-options": {
    summary: "Ignore unknown EDNS options and flags instead of dropping the query.",
    steps: ["Upgrade the name server software, or the firewall that drops such queries."],
    references: [rfc(6891, "6.1.2")],
  },
  "dns.ns.case": {
    summary: "Keep the letter case of the question in answers.",
    steps: ["Upgrade the server software or the middlebox that rewrites questions."],
    references: [rfc(4343)],
  },
  "dns.ns.referral-size": {
    summary:
      "Keep the referral within 512 bytes: fewer or shorter name server names, glue only where needed.",
    steps: [
      "Shorten the list of name servers at the registrar, or use servers outside the zone, which need no glue.",
    ],
    references: [rfc(1035, "4.2.1")],
  },
};

/** The steps-only fix of each check whose cure is configuration, from the table above. */
export const serverSteps: Partial<Record<DnsCheckId, DnsFix>> = Object.fromEntries(
  Object.entries(rows).map(([id, row]) => [id, () => remediation(row)]),
);
