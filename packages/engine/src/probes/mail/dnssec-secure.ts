import type * as packet from "dns-packet";
import type { ProbeContext } from "../../contract/probe.js";
import { canonicalName } from "../dns/dnssec/canonical.js";
import { dsDigest } from "../dns/dnssec/ds-digest.js";
import { keyTag } from "../dns/dnssec/key-tag.js";
import { verifyRrsig } from "../dns/dnssec/verify-rrsig.js";
import type { QueryType } from "../dns/wire/query.js";
import { askMailDns } from "./mail-dns.js";

/** A DS record a validation chain ends at: the root's KSKs, or a test's own. */
export interface TrustAnchor {
  zone: string;
  keyTag: number;
  algorithm: number;
  digestType: number;
  /** Hex. */
  digest: string;
}

/** The root zone's key-signing keys (KSK-2017 and KSK-2024), as IANA publishes them. */
export const rootTrustAnchors: readonly TrustAnchor[] = [
  {
    zone: ".",
    keyTag: 20326,
    algorithm: 8,
    digestType: 2,
    digest: "e06d44b80b8f1d39a95c0b0d7c65d08458e880409bbc683457104237c7f8ec8d",
  },
  {
    zone: ".",
    keyTag: 38696,
    algorithm: 8,
    digestType: 2,
    digest: "683d2d0acb8c9b712a1948b27f741219298d0a450d612c483af444a4c0fb2b16",
  },
];

/** Zones between a name and the root: more would be a loop or an abuse. */
const maxDepth = 12;

export type Security = { secure: true } | { secure: false; reason: string };

/**
 * Whether the answer to `name`/`type` is DNSSEC-secure, judged by this probe from the trust
 * anchors down with the dns probe's own verifier (not the resolver's AD bit): the RRset's
 * signature by its zone's DNSKEY set, that set signed by a key a DS of the parent vouches for,
 * and so on up to an anchor. Anything short of that is "not secure", with the reason; an
 * unsigned delegation is not proven insecure here, only not secure, which is all DANE needs.
 */
export async function answerSecurity(options: {
  context: ProbeContext;
  name: string;
  type: QueryType;
  anchors: readonly TrustAnchor[];
  nowSeconds: number;
}): Promise<Security> {
  const { context, anchors, nowSeconds } = options;
  let name = options.name;
  let type = options.type;
  for (let depth = 0; depth < maxDepth; depth++) {
    const answer = await signedRrset({ context, name, type });
    if ("reason" in answer) return { secure: false, reason: answer.reason };
    const zone = canonicalName(answer.signer);
    const keys = await signedRrset({ context, name: zone, type: "DNSKEY" });
    if ("reason" in keys) return { secure: false, reason: keys.reason };
    const dnskeys = keys.rrset.map((record) => (record as packet.DnskeyAnswer).data);
    const keySigners = validSigners({ ...keys, dnskeys, zone, nowSeconds });
    if (keySigners.length === 0) {
      return { secure: false, reason: `the DNSKEY set of ${zone} is not validly self-signed` };
    }
    if (validSigners({ ...answer, dnskeys, zone, nowSeconds }).length === 0) {
      return { secure: false, reason: `no valid signature of ${zone} covers ${name}/${type}` };
    }
    const anchored = anchors.filter((anchor) => canonicalName(anchor.zone) === zone);
    if (anchored.length > 0) {
      const vouched = keySigners.some((key) =>
        anchored.some(
          (anchor) =>
            anchor.keyTag === keyTag(key) &&
            anchor.algorithm === key.algorithm &&
            dsDigest({ owner: zone, key, digestType: anchor.digestType })?.toString("hex") ===
              anchor.digest.toLowerCase(),
        ),
      );
      return vouched
        ? { secure: true }
        : { secure: false, reason: `no key of ${zone} matches the trust anchor` };
    }
    if (zone === ".")
      return { secure: false, reason: "the chain reached the root without an anchor" };
    const ds = await askMailDns({ context, name: zone, type: "DS", dnssecOk: true });
    const dsRecords = ds.ok ? ds.records.map((record) => (record as packet.DSAnswer).data) : [];
    const linked = keySigners.some((key) =>
      dsRecords.some(
        (record) =>
          record.keyTag === keyTag(key) &&
          record.algorithm === key.algorithm &&
          dsDigest({ owner: zone, key, digestType: record.digestType })?.equals(record.digest),
      ),
    );
    if (!linked) return { secure: false, reason: `no DS of the parent vouches for ${zone}` };
    // The DS set is the parent's data: the next round checks its signature and the parent's keys.
    name = zone;
    type = "DS";
  }
  return { secure: false, reason: "the chain is deeper than this probe follows" };
}

async function signedRrset(options: {
  context: ProbeContext;
  name: string;
  type: QueryType;
}): Promise<
  { rrset: packet.Answer[]; rrsigs: packet.RrsigData[]; signer: string } | { reason: string }
> {
  const answer = await askMailDns({ ...options, dnssecOk: true });
  if (!answer.ok) return { reason: answer.reason };
  if (answer.records.length === 0)
    return { reason: `${options.name}/${options.type} has no records` };
  const owner = canonicalName(answer.records[0]!.name);
  const rrsigs = (answer.response?.answers ?? [])
    .filter((record) => record.type === "RRSIG" && canonicalName(record.name) === owner)
    .map((record) => (record as packet.RrsigAnswer).data)
    .filter((rrsig) => rrsig.typeCovered === options.type);
  const signer = rrsigs[0]?.signersName;
  if (signer === undefined) return { reason: `${options.name}/${options.type} is not signed` };
  return { rrset: answer.records, rrsigs, signer };
}

/** The keys of `dnskeys` whose signature over the RRset is valid now. */
function validSigners(options: {
  rrset: packet.Answer[];
  rrsigs: packet.RrsigData[];
  dnskeys: packet.DnskeyData[];
  zone: string;
  nowSeconds: number;
}): packet.DnskeyData[] {
  const { rrset, dnskeys, zone, nowSeconds } = options;
  return dnskeys.filter((key) =>
    options.rrsigs.some(
      (rrsig) =>
        rrsig.keyTag === keyTag(key) &&
        verifyRrsig({ rrsig, rrset, dnskeys: [key], zone, nowSeconds }).status === "valid",
    ),
  );
}
