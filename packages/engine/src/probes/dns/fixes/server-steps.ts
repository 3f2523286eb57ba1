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
  "dns.ns.reachable-udp": {
    summary: "Make every name server answer DNS over UDP on port 53.",
    steps: [
      "Open UDP 53 in the firewall in front of the servers that do not answer, or remove them from the delegation.",
    ],
    references: [rfc(1035, "4.2.1")],
  },
  "dns.ns.reachable-tcp": {
    summary: "Make every name server answer DNS over TCP on port 53.",
    steps: ["Open TCP 53 in the firewall: DNS needs TCP for large answers (RFC 7766)."],
    references: [rfc(7766)],
  },
  "dns.ns.public-address": {
    summary: "Delegate only to name servers with public addresses.",
    steps: ["Replace private or reserved addresses in the NS hosts' records and the glue."],
    references: [rfc(6890)],
  },
  "dns.ns.open-recursion": {
    summary: "Turn recursion off on the authoritative name servers.",
    steps: [
      "BIND: recursion no; (or allow-recursion { none; };). Unbound is a resolver: do not expose it as an authoritative server. PowerDNS Recursor: keep it off the authoritative addresses.",
    ],
    references: [rfc(5358)],
  },
  "dns.ns.edns": {
    summary: "Answer EDNS queries (RFC 6891) on every name server.",
    steps: [
      "Upgrade the server software, or remove the firewall rule that drops queries with an OPT record.",
    ],
    references: [rfc(6891)],
  },
  "dns.ns.axfr": {
    summary: "Refuse zone transfers to anyone but your secondaries.",
    steps: [
      "BIND: allow-transfer { none; }; (or your secondaries' addresses, with TSIG). NSD: provide-xfr only for the secondaries. Knot: acl with action: transfer for the secondaries only. PowerDNS: allow-axfr-ips.",
    ],
    references: [rfc(5936, "6")],
  },
  "dns.soa.serial-sync": {
    summary: "Let every name server serve the same serial.",
    steps: [
      "Check that NOTIFY and zone transfers from the primary reach the servers that lag, and that their refresh timer is running.",
    ],
    references: [rfc(1996)],
  },
  "dns.soa.consistency": {
    summary: "Serve the same SOA fields from every name server.",
    steps: [
      "Reload the zone from one source on every server (a secondary that serves an old copy has lost its transfers).",
    ],
    references: [rfc(1034, "4.3.5")],
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
  "dns.ns.tcp-fallback": {
    summary: "Answer over TCP what is truncated over UDP.",
    steps: ["Open TCP 53 and let the server answer queries over TCP (RFC 7766)."],
    references: [rfc(7766)],
  },
  "dns.ns.case": {
    summary: "Keep the letter case of the question in answers.",
    steps: ["Upgrade the server software or the middlebox that rewrites questions."],
    references: [rfc(4343)],
  },
  "dns.ns.cookies": {
    summary: "Answer DNS cookies correctly (RFC 7873), or not at all.",
    steps: [
      "Upgrade the server software; BIND, Knot, NSD and PowerDNS answer cookies correctly in current versions.",
    ],
    references: [rfc(7873)],
  },
  "dns.ns.referral-size": {
    summary:
      "Keep the referral within 512 bytes: fewer or shorter name server names, glue only where needed.",
    steps: [
      "Shorten the list of name servers at the registrar, or use servers outside the zone, which need no glue.",
    ],
    references: [rfc(1035, "4.2.1")],
  },
  "dns.ns.software-version": {
    summary: "Stop the name servers answering their software version over CHAOS TXT.",
    steps: [
      'BIND: version "none"; (or version none;) in options. Unbound: hide-version: yes. NSD: hide-version: yes. Knot DNS: version: "" in server. PowerDNS: version-string=anonymous. Then reload.',
    ],
    references: [rfc(4892), "https://kb.isc.org/docs/aa-00359"],
  },
};

/** The steps-only fix of each check whose cure is configuration, from the table above. */
export const serverSteps: Partial<Record<DnsCheckId, DnsFix>> = Object.fromEntries(
  Object.entries(rows).map(([id, row]) => [id, () => remediation(row)]),
);
