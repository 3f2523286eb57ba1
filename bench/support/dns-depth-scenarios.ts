import type { LabWorldOptions } from "@domain-intel/test-kit";

/** The zones `bench/dns-depth.ts` compares tools on: a healthy signed chain and broken ones. */
export interface Scenario {
  name: string;
  /** The Zonemaster case the break is about, for the summary line. */
  about: string;
  world: LabWorldOptions;
}

export const scenarios: Scenario[] = [
  { name: "healthy signed chain", about: "every case", world: {} },
  {
    name: "open recursion on one server",
    about: "NAMESERVER01",
    world: { servers: { 0: { behaviour: { openRecursion: true } } } },
  },
  {
    name: "AXFR open on one server",
    about: "NAMESERVER03",
    world: { servers: { 0: { behaviour: { allowTransfer: true } } } },
  },
  {
    name: "EDNS version 1 answered NOERROR",
    about: "NAMESERVER10",
    world: { servers: { 1: { behaviour: { ednsVersionIgnored: true } } } },
  },
  {
    name: "one lame server (REFUSED)",
    about: "DELEGATION04",
    world: { servers: { 2: { behaviour: { refuse: true } } } },
  },
  {
    name: "SOA serials differ",
    about: "CONSISTENCY01",
    world: {
      servers: {
        1: {
          zone: (records) =>
            records.map((record) =>
              record.type === "SOA"
                ? { ...record, data: { ...record.data, serial: (record.data.serial ?? 0) + 1 } }
                : record,
            ),
        },
      },
    },
  },
  {
    name: "signatures expired",
    about: "DNSSEC04",
    world: { signatureWindow: { from: -20 * 86_400, to: -86_400 } },
  },
];
