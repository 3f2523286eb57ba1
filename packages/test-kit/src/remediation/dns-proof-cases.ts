import type * as packet from "dns-packet";
import type { LabWorldContext } from "../dns/dns-lab-world.js";
import { extraZone } from "../dns/extra-zone.js";
import { dsRecord, generateZoneKey } from "../dnssec/dnssec-signer.js";
import { dnsDelegationProofCases } from "./dns-delegation-proof-cases.js";
import type { DnsProofCase } from "./dns-fix-proof.js";
import { dnsSignerProofCases } from "./dns-signer-proof-cases.js";
import { dnsStepProofCases } from "./dns-step-proof-cases.js";

type Records = packet.Answer[];

/** A TXT record, cut into character-strings of 255 bytes as a zone file's loader would. */
const txt = (name: string, data: string): packet.Answer => ({
  type: "TXT",
  name,
  ttl: 300,
  data: data.length <= 255 ? data : (data.match(/[\s\S]{1,255}/g) ?? []),
});
const text = (record: packet.Answer) => {
  const data = (record as { data: unknown }).data;
  return Array.isArray(data) ? data.join("") : String(data);
};
/** The zone without the records `drop` picks. */
const without =
  (drop: (record: packet.Answer, world: LabWorldContext) => boolean) =>
  (records: Records, world: LabWorldContext) =>
    records.filter((record) => !drop(record, world));
const isTxtAt =
  (owner: (world: LabWorldContext) => string, prefix: string) =>
  (record: packet.Answer, world: LabWorldContext) =>
    record.type === "TXT" && record.name === owner(world) && text(record).startsWith(prefix);
const apexSpf = isTxtAt((world) => world.domain, "v=spf1");
/** The zone with the apex SPF record replaced by `record`. */
const spf = (record: string) => (records: Records, world: LabWorldContext) => [
  ...records.filter((entry) => !apexSpf(entry, world)),
  txt(world.domain, record),
];
const dmarc =
  (...values: string[]) =>
  (records: Records, world: LabWorldContext) => [
    ...records.filter((entry) => !isTxtAt((w) => `_dmarc.${w.domain}`, "v=DMARC1")(entry, world)),
    ...values.map((value) => txt(`_dmarc.${world.domain}`, value)),
  ];

/** Eleven senders behind includes of fixed address lists, one of them twice, one gone. */
const senders = extraZone("senders.test", [
  ...Array.from({ length: 10 }, (_, index) =>
    txt(
      `s${index + 1}.senders.test`,
      `v=spf1 ip4:198.51.100.${index + 1} ip6:2001:db8:${index + 1}::/48 -all`,
    ),
  ),
  txt("nested.senders.test", "v=spf1 include:s1.senders.test ip4:203.0.113.7 ~all"),
]);
/** A DMARC report service's zone, which authorizes no domain yet. */
const reportService = extraZone("reports.test", []);
const manyIncludes = [
  "v=spf1 mx",
  ...Array.from({ length: 10 }, (_, index) => `include:s${index + 1}.senders.test`),
  "include:s3.senders.test include:nested.senders.test include:gone.senders.test -all",
].join(" ");

/** Another key's DS: what a parent keeps after a botched key rollover (the same every start). */
const retiredKey = generateZoneKey({ algorithm: 13 });
const staleDs = (records: Records, world: LabWorldContext) => [
  ...records.filter((record) => !(record.type === "DS" && record.name === world.domain)),
  dsRecord({ zone: world.domain, key: retiredKey }),
];

/** Name server `index`'s name made an alias of `label`.<domain>, which gets its address. */
export const aliasedNameServer =
  (index: number, label: string) =>
  (records: Records, world: LabWorldContext): Records =>
    records.flatMap((record): Records => {
      if (record.type !== "A" || record.name !== world.hosts[index]) return [record];
      const target = `${label}.${world.domain}`;
      return [
        { type: "CNAME", name: world.hosts[index]!, ttl: 3600, data: target },
        { ...record, name: target },
      ];
    });

/**
 * The broken worlds of the dns section's checks whose fix is a record to change, one a check
 * (some with a variant): each starts from the lab's healthy signed zone and breaks one thing.
 */
const recordProofCases: Record<string, DnsProofCase> = {
  "dns.spf.present": { world: { child: without(apexSpf) } },
  "dns.spf.single": {
    world: {
      child: (records, world) => [...records, txt(world.domain, "v=spf1 ip4:192.0.2.99 ~all")],
    },
  },
  "dns.spf.syntax": {
    world: { child: spf("v=spf1 mx ip4:999.1.1.1 include:_spf.example.test -all") },
  },
  "dns.spf.lookups": { world: { child: spf(manyIncludes), extraZones: [senders] } },
  "dns.spf.all": { world: { child: spf("v=spf1 mx include:_spf.example.test ?all") } },
  "dns.dmarc.present": {
    world: { child: dmarc() },
    parameters: { reportMailbox: "dmarc-reports@example.test" },
  },
  "dns.dmarc.single": {
    world: {
      child: dmarc(
        "v=DMARC1; p=reject; rua=mailto:dmarc@example.test",
        "v=DMARC1; p=none; rua=mailto:other@example.test",
      ),
    },
  },
  "dns.dmarc.policy": {
    world: { child: dmarc("v=DMARC1; p=none; pct=50; rua=mailto:dmarc@example.test; adkim=s") },
  },
  "dns.dmarc.report-destinations": {
    world: {
      child: dmarc("v=DMARC1; p=reject; rua=mailto:agg@reports.test!10m,ops@example.test"),
      extraZones: [reportService],
    },
  },
  "dns.mta-sts.present": {
    world: { child: without(isTxtAt((world) => `_mta-sts.${world.domain}`, "v=STSv1")) },
  },
  "dns.tls-rpt.present": {
    world: { child: without(isTxtAt((world) => `_smtp._tls.${world.domain}`, "v=TLSRPTv1")) },
    parameters: { tlsReportMailbox: "tls-reports@example.test" },
  },
  "dns.caa.present": {
    world: { child: without((record) => record.type === "CAA") },
    parameters: { caIdentifier: "letsencrypt.org" },
  },
  "dns.caa.syntax": {
    world: {
      child: (records, world) => [
        ...records,
        // dns-packet types only the tags it knows; a name server serves any.
        {
          type: "CAA",
          name: world.domain,
          ttl: 300,
          data: { flags: 128, tag: "tbs", value: "x" },
        } as unknown as packet.Answer,
        {
          type: "CAA",
          name: world.domain,
          ttl: 300,
          data: { flags: 0, tag: "iodef", value: "nowhere" },
        },
      ],
    },
  },
  "dns.mx.present": { world: { child: without((record) => record.type === "MX") } },
  "dns.mx.valid": {
    world: {
      child: (records, world) => [
        ...records.filter((record) => record.type !== "MX"),
        {
          type: "MX",
          name: world.domain,
          ttl: 300,
          data: { preference: 10, exchange: `mx.${world.domain}` },
        },
        { type: "CNAME", name: `mx.${world.domain}`, ttl: 300, data: `mail.${world.domain}` },
      ],
    },
  },
  "dns.soa.timers": {
    world: {
      child: (records) =>
        records.map((record) =>
          record.type === "SOA"
            ? {
                ...record,
                data: { ...record.data, refresh: 300, retry: 600, expire: 3600, minimum: 30 },
              }
            : record,
        ),
    },
  },
  "dns.soa.syntax": {
    world: {
      child: (records, world) =>
        records.map((record) =>
          record.type === "SOA"
            ? { ...record, data: { ...record.data, rname: `hostmaster@${world.domain}` } }
            : record,
        ),
    },
  },
  "dns.dnssec.signed": {
    world: {
      parentZone: (records, world) =>
        records.filter((r) => !(r.type === "DS" && r.name === world.domain)),
    },
  },
  "dns.dnssec.ds-match": { world: { parentZone: staleDs } },
  "dns.dnssec.chain": { world: { parentZone: staleDs } },
  "dns.dnssec.ds-digest": { world: { dsDigestType: 1 } },
  "dns.ns.parent-child": {
    world: {
      parentZone: (records, world) =>
        records.filter(
          (record) =>
            !(record.type === "NS" && record.data === world.hosts[2]) &&
            !(record.name === world.hosts[2] && (record.type === "A" || record.type === "AAAA")),
        ),
    },
  },
  // The lame server stays lame: the fix takes it out of the delegation and the NS set.
  "dns.ns.lame": { world: { servers: { 1: { behaviour: { refuse: true } } } } },
  // ns2 is an alias of nsb: the fix names nsb in the NS set and at the registrar, with its glue.
  "dns.ns.not-cname": { world: { child: aliasedNameServer(1, "nsb") } },
  "dns.zone.cname-conflict": {
    world: {
      child: (records, world) => [
        ...records,
        { type: "CNAME", name: world.domain, ttl: 300, data: `www.${world.domain}` },
      ],
    },
  },
  "dns.ns.glue": {
    world: {
      parentZone: (records, world) =>
        records.map((record) =>
          record.type === "A" && record.name === world.hosts[0]
            ? { ...record, data: `127.${world.block}.7.7` }
            : record,
        ),
    },
  },
};

/** Every dns check with a proven fix: record changes above, steps carried out on the peers. */
export const dnsProofCases: Record<string, DnsProofCase> = {
  ...recordProofCases,
  ...dnsDelegationProofCases,
  ...dnsSignerProofCases,
  ...dnsStepProofCases,
};
