import type * as packet from "dns-packet";
import type { DnsConfigProofCase } from "./dns-config-proof.js";

type Records = packet.Answer[];

/** The zone's SOA with some fields changed: a secondary's own copy. */
const soaWith =
  (fields: Partial<packet.SoaData>) =>
  (records: Records): Records =>
    records.map((record) =>
      record.type === "SOA" ? { ...record, data: { ...record.data, ...fields } } : record,
    );

/** One try of a query a firewall drops, short enough for a quick proof, long enough under load. */
const oneShortTry = { tryTimeoutMs: 800, udpTries: 1 };

/**
 * The dns section's checks whose fix is a name server setting: each breaks one server by its
 * configuration (BIND `options`, an nft rule) or by a fault of its software, and the proof sets
 * the lines the remediation gives (`dns-config-proof.ts`).
 */
export const dnsConfigProofCases: Record<string, DnsConfigProofCase> = {
  "dns.ns.open-recursion": {
    servers: { 0: { named: "recursion yes; allow-recursion { any; };" } },
  },
  "dns.ns.axfr": { servers: { 2: { named: "allow-transfer { any; };" } } },
  // BIND answers its own version unless told otherwise.
  "dns.ns.software-version": { servers: { 0: { software: "9.16.1-Ubuntu" } } },
  // A cookie bug in the software: turned off until the upgrade.
  "dns.ns.cookies": { servers: { 1: { faults: { malformedCookie: true } } } },
  "dns.ns.reachable-udp": {
    servers: { 1: { firewall: ["nft add rule inet filter input udp dport 53 drop"] } },
    probe: oneShortTry,
  },
  "dns.ns.reachable-tcp": {
    servers: {
      2: { firewall: ["nft add rule inet filter input tcp dport 53 reject with tcp reset"] },
    },
  },
  // Every answer truncated over UDP (too big for it), and TCP closed.
  "dns.ns.tcp-fallback": {
    servers: {
      2: {
        faults: { truncateUdp: true },
        firewall: ["nft add rule inet filter input tcp dport 53 reject with tcp reset"],
      },
    },
  },
  // A primary that does not notify: its secondary keeps the older serial.
  "dns.soa.serial-sync": {
    servers: { 0: { named: "notify no;" }, 1: { copy: soaWith({ serial: 2026112200 }) } },
  },
  // The same serial with other timers: only a forced transfer brings the primary's copy.
  "dns.soa.consistency": { servers: { 2: { copy: soaWith({ refresh: 7200 }) } } },
};
