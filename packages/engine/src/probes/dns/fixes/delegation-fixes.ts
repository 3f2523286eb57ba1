import type { RegistrarChange, RemediationChange } from "../../../contract/remediation.js";
import { dsFromDnskey, sepFlag } from "../../../protocols/dnssec/ds-from-dnskey.js";
import { remediation, stringsAt } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import type { DnsData, DnsDsRecord } from "../declaration.js";
import { type DnsFix, detailsOf } from "./fix.js";

const registrar = (
  what: RegistrarChange["what"],
  action: RegistrarChange["action"],
  value: string,
): RegistrarChange => ({ kind: "registrar", what, action, value });

const dsText = (ds: DnsDsRecord) => `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest}`;

/**
 * The DS records the parent should publish: one per key-signing key (SEP flag; every key when
 * none has it), with SHA-256, which RFC 8624 makes mandatory to implement for validators,
 * unless the parent already uses SHA-384 for the zone.
 */
export function wantedDs(data: DnsData, zone: string): string[] {
  const keys = data.records.DNSKEY.filter((key) => key.protocol === 3);
  const sep = keys.filter((key) => (key.flags & sepFlag) !== 0 && (key.flags & 0x80) === 0);
  const digestType = data.records.DS.some((ds) => ds.digestType === 4) ? 4 : 2;
  return (sep.length > 0 ? sep : keys)
    .map((key) => dsFromDnskey({ owner: zone, key, digestType }))
    .filter((value): value is string => value !== undefined);
}

/** Registrar changes that make the parent's DS set `wanted`, keeping what already matches. */
function dsChanges(data: DnsData, wanted: readonly string[]): RemediationChange[] {
  const present = data.records.DS.map(dsText);
  const key = (text: string) => text.toUpperCase();
  return [
    ...wanted
      .filter((value) => !present.some((have) => key(have) === key(value)))
      .map((value) => registrar("ds", "add", value)),
    ...present
      .filter((have) => !wanted.some((value) => key(have) === key(value)))
      .map((value) => registrar("ds", "remove", value)),
  ];
}

const dsSteps = [
  "Enter the DS record at the registrar (or the DNS provider, where it passes DS records on). Many registrars ask for the fields one by one: key tag, algorithm, digest type, digest.",
  "Remove a DS record only after its replacement is published and the old one's TTL has passed.",
];

/** `dns.dnssec.signed`: the DS for the zone's keys, or the DS removed when the zone has no key. */
export const dnssecSignedFix: DnsFix = (_finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const keys = data.records.DNSKEY.length;
  const ds = data.records.DS.length;
  if (keys > 0 && ds === 0) {
    const changes = dsChanges(data, wantedDs(data, zone));
    if (changes.length === 0) return undefined;
    return remediation({
      summary: `Publish the DS record of ${zone}'s key-signing key at the parent, so resolvers validate its signatures.`,
      changes,
      steps: dsSteps,
      references: [rfc(4035, "2.4"), rfc(8624, "3.3")],
    });
  }
  if (keys === 0 && ds > 0) {
    return remediation({
      summary: `Remove the parent's DS records for ${zone}, which has no DNSKEY any more: validating resolvers fail it until then.`,
      changes: data.records.DS.map((record) => registrar("ds", "remove", dsText(record))),
      steps: ["Or sign the zone again with the key those DS records name."],
      references: [rfc(4035, "5")],
    });
  }
  return remediation({
    summary: `Sign ${zone} with DNSSEC, then publish its DS record at the parent.`,
    steps: [
      "Turn DNSSEC on at your DNS provider, or sign the zone yourself (BIND: dnssec-policy default; Knot: dnssec-signing: on; PowerDNS: pdnsutil secure-zone), with algorithm 13 (ECDSA P-256) or 15 (Ed25519).",
      "Then publish the DS record the signer gives (or the one this report computes once the DNSKEY is served) at the registrar.",
    ],
    references: [rfc(4033), rfc(8624, "3.1")],
  });
};

/** `dns.dnssec.ds-match` and `dns.dnssec.chain` (a DS naming no key): the DS set for today's keys. */
export const dsMatchFix: DnsFix = (_finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  if (data.records.DNSKEY.length === 0 || data.records.DS.length === 0) return undefined;
  const wanted = wantedDs(data, zone);
  const changes = dsChanges(data, wanted);
  if (changes.length === 0) return undefined;
  return remediation({
    summary: `Replace the parent's DS records for ${zone} with the DS of the key that signs its DNSKEY set (key tag ${wanted.map((value) => value.split(" ")[0]).join(", ")}).`,
    changes: [
      ...changes.filter((change) => (change as RegistrarChange).action === "add"),
      ...changes.filter((change) => (change as RegistrarChange).action === "remove"),
    ],
    steps: dsSteps,
    references: [rfc(4035, "5"), rfc(6781, "4.1.2")],
  });
};

/** `dns.dnssec.ds-digest`: a SHA-256 DS beside (then instead of) the SHA-1 ones. */
export const dsDigestFix: DnsFix = (_finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const wanted = data.records.DNSKEY.filter((key) => (key.flags & sepFlag) !== 0)
    .map((key) => dsFromDnskey({ owner: zone, key, digestType: 2 }))
    .filter((value): value is string => value !== undefined);
  const keyTags = new Set(data.records.DS.map((ds) => String(ds.keyTag)));
  const adds = wanted.filter((value) => keyTags.has(value.split(" ")[0]!));
  if (adds.length === 0) return undefined;
  return remediation({
    summary: `Publish SHA-256 DS records for ${zone} at the parent and retire the SHA-1 ones, which validators may stop trusting (RFC 8624).`,
    changes: [
      ...adds.map((value) => ({ ...registrar("ds", "add", value), stage: 1 })),
      ...data.records.DS.filter((ds) => ds.digestType === 1).map((ds) => ({
        ...registrar("ds", "remove", dsText(ds)),
        stage: 2,
      })),
    ],
    steps: [
      "Remove the SHA-1 DS records once the SHA-256 ones are published and the DS TTL has passed.",
    ],
    references: [rfc(8624, "3.3"), rfc(4509)],
  });
};

/** `dns.ns.parent-child`: the delegation at the registrar made the zone's own NS set. */
export const parentChildFix: DnsFix = (finding, data, { domain }) => {
  const details = detailsOf(finding);
  const onlyParent = stringsAt(details.onlyParent);
  const onlyChild = stringsAt(details.onlyChild);
  const zone = data.health.zone ?? domain;
  if (onlyParent.length === 0 && onlyChild.length === 0) {
    return remediation({
      summary: `Make every name server of ${zone} serve the same NS records.`,
      steps: [
        "Reload the zone on the servers that answer another NS set, or fix the transfer from the primary.",
      ],
      references: [rfc(1034, "4.2.2")],
    });
  }
  const known = (details.onlyChildAddresses ?? {}) as Record<string, string[]>;
  const inZone = (host: string) => host === zone || host.endsWith(`.${zone}`);
  const addresses = (host: string) => stringsAt(known[host]);
  return remediation({
    summary: `Set the name servers of ${zone} at the registrar to the zone's own NS set: ${stringsAt(details.child).join(", ")}.`,
    changes: [
      ...onlyChild.map((host) => registrar("nameservers", "add", host)),
      ...onlyChild
        .filter(inZone)
        .flatMap((host) =>
          addresses(host).map((address) => registrar("glue", "add", `${host} ${address}`)),
        ),
      ...onlyParent.map((host) => registrar("nameservers", "remove", host)),
    ],
    steps: [
      "If the registrar's list is the right one instead, change the zone's NS records to match it.",
      ...(onlyChild.some((host) => inZone(host) && addresses(host).length === 0)
        ? ["Give the registrar the addresses (glue) of the new name servers inside the zone."]
        : []),
    ],
    references: [rfc(1034, "4.2.2"), rfc(9471)],
  });
};

/** `dns.ns.glue`: the parent's glue made the in-zone servers' addresses. */
export const glueFix: DnsFix = (finding, data, { domain }) => {
  const hosts = (detailsOf(finding).hosts ?? []) as {
    host: string;
    inZone: boolean;
    glue: string[];
    addresses: string[] | null;
  }[];
  const changes: RemediationChange[] = [];
  for (const entry of hosts) {
    if (entry.addresses === null || entry.addresses.length === 0) continue;
    if (!entry.inZone && entry.glue.length === 0) continue;
    for (const address of entry.addresses.filter((address) => !entry.glue.includes(address)))
      changes.push(registrar("glue", "add", `${entry.host} ${address}`));
    for (const address of entry.glue.filter((address) => !entry.addresses!.includes(address)))
      changes.push(registrar("glue", "remove", `${entry.host} ${address}`));
  }
  if (changes.length === 0) return undefined;
  return remediation({
    summary: `Set the glue of ${data.health.zone ?? domain}'s name servers at the registrar to the addresses they have.`,
    changes,
    steps: ['Registrars call glue "host records", "child name servers" or "register name server".'],
    references: [rfc(9471)],
  });
};
