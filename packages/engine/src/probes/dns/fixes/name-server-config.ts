import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import type { DnsCheckId } from "../health/check-ids.js";
import type { DnsFix } from "./fix.js";
import { type ServerSetting, settingSteps } from "./server-settings.js";

/**
 * Fixes that are the name servers' configuration, stated as the lines to set (from the table
 * of `server-settings.ts`, one step a server software, the lines in a code span), with words
 * for the servers that have no such line. Data: one row a check.
 */
const rows: Partial<
  Record<
    DnsCheckId,
    { summary: string; settings: ServerSetting[]; words?: string[]; references: string[] }
  >
> = {
  "dns.ns.open-recursion": {
    summary: "Turn recursion off on the authoritative name servers.",
    settings: ["recursion-off"],
    words: [
      "NSD, Knot and PowerDNS Authoritative do not recurse. Unbound and PowerDNS Recursor are resolvers: keep them off the authoritative addresses.",
    ],
    references: [rfc(5358)],
  },
  "dns.ns.axfr": {
    summary: "Refuse zone transfers to anyone but your secondaries.",
    settings: ["transfers-closed"],
    words: [
      "With secondaries, allow-transfer lists their addresses or a TSIG key instead of none. NSD: provide-xfr only for the secondaries. Knot: an acl with action: transfer for the secondaries only.",
    ],
    references: [rfc(5936, "6")],
  },
  "dns.ns.software-version": {
    summary: "Stop the name servers answering their software version over CHAOS TXT.",
    settings: ["version-hidden"],
    words: ["Unbound: hide-version: yes. Then reload the server."],
    references: [rfc(4892), "https://kb.isc.org/docs/aa-00359"],
  },
  "dns.ns.cookies": {
    summary:
      "Answer DNS cookies correctly (RFC 7873), or not at all: upgrade the server software, and until then turn its cookies off.",
    settings: ["cookies-off"],
    words: [
      "BIND, Knot, NSD and PowerDNS answer cookies correctly in current versions: after the upgrade, cookies can be turned on again.",
    ],
    references: [rfc(7873)],
  },
  "dns.ns.reachable-udp": {
    summary: "Make every name server answer DNS over UDP on port 53.",
    settings: ["udp-open"],
    words: [
      "Or open UDP 53 in the firewall in front of the servers, or remove the silent servers from the delegation.",
    ],
    references: [rfc(1035, "4.2.1")],
  },
  "dns.ns.reachable-tcp": {
    summary: "Make every name server answer DNS over TCP on port 53.",
    settings: ["tcp-open"],
    words: ["Or open TCP 53 in the firewall in front of the servers: DNS needs TCP (RFC 7766)."],
    references: [rfc(7766)],
  },
  "dns.ns.tcp-fallback": {
    summary: "Answer over TCP what is truncated over UDP.",
    settings: ["tcp-open"],
    words: ["Or open TCP 53 in the firewall in front of the servers (RFC 7766)."],
    references: [rfc(7766)],
  },
  "dns.soa.serial-sync": {
    summary: "Let every name server serve the same serial: the primary notifies its secondaries.",
    settings: ["notify-on"],
    words: [
      "The secondaries then transfer the new serial; check that transfers from the primary reach them and that their refresh timer runs.",
    ],
    references: [rfc(1996)],
  },
  "dns.soa.consistency": {
    summary:
      "Serve the same SOA fields from every name server: transfer the zone again from the primary.",
    settings: ["retransfer"],
    words: ["A secondary that serves an old copy under the same serial has lost its transfers."],
    references: [rfc(1034, "4.3.5")],
  },
};

/** The configuration fix of each check whose cure is a name server setting. */
export const nameServerConfigFixes: Partial<Record<DnsCheckId, DnsFix>> = Object.fromEntries(
  Object.entries(rows).map(([id, row]): [string, DnsFix] => [
    id,
    (_finding, data, { domain }) =>
      remediation({
        summary: row.summary,
        steps: [
          ...row.settings.flatMap((setting) => settingSteps(setting, data.health.zone ?? domain)),
          ...(row.words ?? []),
        ],
        references: row.references,
      }),
  ]),
);
