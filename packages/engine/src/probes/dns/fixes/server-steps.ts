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
  "dns.zone.exists": {
    summary:
      "The name does not exist: register it, or create its records at its zone's DNS provider.",
    steps: [
      "Check the spelling; for a subdomain, add its records in the parent zone.",
      'A name that sends and takes no mail also gets a null MX ("0 .", RFC 7505) and the SPF record "v=spf1 -all", so nobody can send mail in its name.',
    ],
    references: [rfc(1034), rfc(7505), rfc(7208)],
  },
  "dns.ns.count": {
    summary: "Delegate the zone to at least two name servers.",
    steps: [
      "Add a secondary name server (a second provider, or one your provider offers) to the zone's NS records and at the registrar.",
    ],
    references: [rfc(1034, "4.1"), rfc(2182, "5")],
  },
  "dns.ns.distinct-ip": {
    summary: "Give each name server name its own address.",
    steps: [
      "Names sharing one address are one server: add a server at another address, or drop the duplicate name.",
    ],
    references: [rfc(2182, "3.1")],
  },
  "dns.ns.diversity": {
    summary: "Spread the name servers over more than one network.",
    steps: ["Add a secondary at another provider or network (a different /24 and /48)."],
    references: [rfc(2182, "3.1")],
  },
  "dns.ns.as-diversity": {
    summary: "Spread the name servers over more than one autonomous system.",
    steps: ["Add a secondary DNS provider whose servers sit in another AS."],
    references: [rfc(2182, "3.1")],
  },
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
  "dns.dnssec.signatures": {
    summary: "Re-sign the zone: some signatures do not verify.",
    steps: [
      "Let the signer re-sign the whole zone (BIND: rndc sign; Knot: knotc zone-sign; PowerDNS: pdnsutil rectify-zone), then check that every server serves the new copy.",
    ],
    references: [rfc(4035, "5.3")],
  },
  "dns.dnssec.algorithm": {
    summary:
      "Roll the zone's keys over to a recommended algorithm (13, ECDSA P-256, or 15, Ed25519).",
    steps: [
      "Follow an algorithm rollover (RFC 6781 4.1.4): sign with both algorithms, publish the new DS, then retire the old keys. Managed DNS providers do this from their DNSSEC settings.",
    ],
    references: [rfc(8624, "3.1"), rfc(6781, "4.1.4")],
  },
  "dns.dnssec.denial": {
    summary: "Make the signer publish NSEC or NSEC3 proofs for names and types that do not exist.",
    steps: [
      "Re-sign the zone with NSEC or NSEC3 (an online signer: turn on its denial of existence).",
    ],
    references: [rfc(4035, "3.1.3")],
  },
  "dns.dnssec.nsec3-params": {
    summary: "Use NSEC3 with 0 extra iterations and no salt (RFC 9276).",
    steps: [
      "BIND: dnssec-policy with nsec3param iterations 0 optout no salt-length 0; Knot: nsec3-iterations: 0 and nsec3-salt-length: 0; PowerDNS: pdnsutil set-nsec3 ZONE '1 0 0 -'.",
    ],
    references: [rfc(9276, "3.1")],
  },
  "dns.dnssec.cds": {
    summary: "Publish CDS/CDNSKEY records that match the zone's keys on every server, or none.",
    steps: [
      "Let the signer regenerate CDS and CDNSKEY from the current key-signing key, or remove them.",
    ],
    references: [rfc(7344), rfc(8078)],
  },
  "dns.dnssec.validity": {
    summary: "Re-sign before the signatures expire, and keep the signer's clock right.",
    steps: [
      "Check that the signer runs and re-signs on schedule (signatures renewed at least a week before they expire); check its clock for signatures that start in the future.",
    ],
    references: [rfc(6781, "4.4.2")],
  },
  "dns.dnssec.consistency": {
    summary: "Serve the same DNSKEY set and signatures from every name server.",
    steps: [
      "Transfer the signed zone from one signer to every server; a server signing on its own needs the same keys.",
    ],
    references: [rfc(6781, "4.3.5")],
  },
  "dns.ns.ipv6": {
    summary: "Give at least one name server an IPv6 address.",
    steps: [
      "Add an AAAA record for a name server (and its glue at the registrar when it is inside the zone), or add a secondary provider that serves IPv6.",
    ],
    references: [rfc(3901)],
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
  "dns.ns.hostname": {
    summary: "Name the name servers with valid host names.",
    steps: [
      "Use letters, digits and hyphens only, no label starting or ending with a hyphen (RFC 952, RFC 1123).",
    ],
    references: [rfc(1123, "2.1")],
  },
  "dns.dnssec.ds-consistency": {
    summary: "Wait for, or have the registry finish, the DS change on every parent server.",
    steps: [
      "A DS change reaches all of the parent's servers within the registry's publication interval; a server that still differs after a day is the registry's to fix: report it, with the details' per-server DS sets.",
      "Keep the old key published in the zone until every parent server serves the new DS set and the old DS TTL has passed (RFC 7583).",
    ],
    references: [rfc(7583, "3.3"), rfc(4035, "2.4")],
  },
};

/** The steps-only fix of each check whose cure is configuration, from the table above. */
export const serverSteps: Partial<Record<DnsCheckId, DnsFix>> = Object.fromEntries(
  Object.entries(rows).map(([id, row]) => [id, () => remediation(row)]),
);
