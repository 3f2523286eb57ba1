import type * as packet from "dns-packet";
import { type HealthSession, isFailure, type Outcome } from "../dns/session.js";
import type { DnsResponse } from "../dns/wire/query.js";
import { algorithmName } from "./algorithms.js";
import { canonicalName } from "./canonical.js";
import { dsDigest, supportedDigestTypes } from "./ds-digest.js";
import { keyTag } from "./key-tag.js";
import { anchorFor, type TrustAnchor } from "./trust-anchors.js";
import { type SignatureVerdict, verifyRrsig } from "./verify-rrsig.js";

/** One zone of the chain of trust and how its keys validated. */
export interface ChainLevel {
  zone: string;
  /** Key tags of the DS records (the anchor's, at the top) that vouch for the zone's keys. */
  ds: number[];
  dnskeyTags: number[];
  algorithms: string[];
  /** `indeterminate`: the data could not be had, which says nothing about the zone. */
  status: "secure" | "insecure" | "bogus" | "indeterminate";
  /** Why the level is not secure, as a resolver's Extended DNS Error would say it. */
  reason: string | null;
}

export interface ChainFacts {
  /** The trust anchor's zone, or null when no anchor covers the zone. */
  anchor: string | null;
  /** From the anchor down, ending at the zone or at the first level that is not secure. */
  levels: ChainLevel[];
}

const verdictRank: Record<SignatureVerdict["status"], number> = {
  valid: 0,
  expired: 1,
  "not-yet-valid": 2,
  bogus: 3,
  "no-key": 4,
  unsupported: 5,
};

/** Why a signature fails, in the words of RFC 8914's Extended DNS Errors. */
const edeReason: Record<Exclude<SignatureVerdict["status"], "valid">, string> = {
  expired: "signature expired",
  "not-yet-valid": "signature not yet valid",
  bogus: "DNSSEC bogus: the signature does not verify",
  "no-key": "DNSKEY missing: no key the DS names signs the set",
  unsupported: "unsupported DNSKEY algorithm",
};

const ownedBy = <T extends packet.Answer>(response: DnsResponse, type: string, name: string) =>
  response.answers.filter(
    (record) => record.type === type && canonicalName(record.name) === name,
  ) as T[];

/** The best verdict over the RRSIGs covering `type` at `name`, or null without any. */
function bestSignature(options: {
  response: DnsResponse;
  name: string;
  type: string;
  signer: string;
  keys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): SignatureVerdict | null {
  const { response, name, type, signer, keys, nowSeconds } = options;
  const rrset = ownedBy(response, type, name);
  const verdicts = ownedBy<packet.RrsigAnswer>(response, "RRSIG", name)
    .filter((record) => record.data.typeCovered === type)
    .map((record) =>
      verifyRrsig({ rrsig: record.data, rrset, dnskeys: keys, zone: signer, nowSeconds }),
    )
    .sort((a, b) => verdictRank[a.status] - verdictRank[b.status]);
  return verdicts[0] ?? null;
}

const sameKey = (a: packet.DnskeyData, b: packet.DnskeyData) =>
  a.algorithm === b.algorithm && a.flags === b.flags && a.key.equals(b.key);

/**
 * One level's DNSKEY set judged against what vouches for it (the parent's DS set, or the
 * anchor): a vouched-for key must sign the set. Returns the level and the keys trusted below.
 */
function judgeKeys(options: {
  zone: string;
  response: DnsResponse;
  ds: readonly packet.DsData[];
  anchorKeys: readonly packet.DnskeyData[];
  nowSeconds: number;
}): { level: ChainLevel; trusted: packet.DnskeyData[] | null } {
  const { zone, response, ds, anchorKeys, nowSeconds } = options;
  const keys = ownedBy<packet.DnskeyAnswer>(response, "DNSKEY", zone).map((record) => record.data);
  const base = {
    zone,
    ds: ds.map((record) => record.keyTag),
    dnskeyTags: keys.map(keyTag),
    algorithms: [...new Set([...ds.map((r) => r.algorithm), ...keys.map((k) => k.algorithm)])].map(
      algorithmName,
    ),
  };
  const level = (status: ChainLevel["status"], reason: string | null): ChainLevel => ({
    ...base,
    status,
    reason,
  });
  if (keys.length === 0) {
    return { level: level("bogus", "DNSKEY missing: the zone publishes no DNSKEY"), trusted: null };
  }
  const vouched = keys.filter(
    (key) =>
      anchorKeys.some((anchor) => sameKey(anchor, key)) ||
      ds.some(
        (record) =>
          record.keyTag === keyTag(key) &&
          record.algorithm === key.algorithm &&
          (dsDigest({ owner: zone, key, digestType: record.digestType })?.equals(record.digest) ??
            false),
      ),
  );
  if (vouched.length === 0) {
    if (ds.length > 0 && ds.every((record) => !supportedDigestTypes.includes(record.digestType)))
      return { level: level("insecure", "unsupported DS digest type"), trusted: null };
    return {
      level: level(
        "bogus",
        `DNSKEY missing: no key matches ${ds.length > 0 ? `DS ${ds.map((r) => r.keyTag).join(", ")}` : "the trust anchor"}`,
      ),
      trusted: null,
    };
  }
  const best = bestSignature({
    response,
    name: zone,
    type: "DNSKEY",
    signer: zone,
    keys: vouched,
    nowSeconds,
  });
  if (!best) return { level: level("bogus", "RRSIGs missing over the DNSKEY set"), trusted: null };
  if (best.status === "valid") return { level: level("secure", null), trusted: keys };
  return {
    level: level(best.status === "unsupported" ? "insecure" : "bogus", edeReason[best.status]),
    trusted: null,
  };
}

const failedLevel = (zone: string, why: string): ChainLevel => ({
  zone,
  ds: [],
  dnskeyTags: [],
  algorithms: [],
  status: "indeterminate",
  reason: why,
});

/** The names from the anchor's zone down to `apex`: `.`, `test`, `example.test`. */
function namesDown(anchorZone: string, apex: string): string[] {
  const labels = apex === "." ? [] : apex.split(".");
  const top = anchorZone === "." ? 0 : anchorZone.split(".").length;
  const names = [anchorZone];
  for (let count = top + 1; count <= labels.length; count++) {
    names.push(labels.slice(labels.length - count).join("."));
  }
  return names;
}

/**
 * Validates from the trust anchor down every zone cut to `apex` on the resolver's answers
 * (asked with DO and CD, so a validating resolver hands over even what it finds bogus): our own
 * validation, not its AD bit. Stops at the first level that is not secure.
 */
export async function gatherChain(options: {
  session: HealthSession;
  apex: string;
  anchors: readonly TrustAnchor[];
  /** The apex's DS and DNSKEY answers when the records lookup has them (asked with DO). */
  known?: Partial<Record<"DS" | "DNSKEY", DnsResponse>>;
}): Promise<ChainFacts> {
  const { session, anchors, known } = options;
  const apex = canonicalName(options.apex);
  const anchor = anchorFor(anchors, apex);
  if (!anchor) return { anchor: null, levels: [] };
  const ask = (name: string, type: "DS" | "DNSKEY" | "SOA"): Promise<Outcome<DnsResponse>> => {
    const ready = name === apex && type !== "SOA" ? known?.[type] : undefined;
    return ready ? Promise.resolve(ready) : session.recursive({ name, type, dnssecOk: true });
  };
  const names = namesDown(anchor.zone, apex);
  // Every question is independent of the answers: all asked at once.
  const answers = names.map((name, index) => ({
    name,
    ds: index === 0 ? null : ask(name, "DS"),
    dnskey: ask(name, "DNSKEY"),
    soa: index === 0 || name === apex ? null : ask(name, "SOA"),
  }));
  const levels: ChainLevel[] = [];
  let trusted: packet.DnskeyData[] = [];
  let parent = anchor.zone;
  for (const [index, entry] of answers.entries()) {
    const { name } = entry;
    const dnskey = await entry.dnskey;
    if (index === 0) {
      if (isFailure(dnskey))
        return { anchor: anchor.zone, levels: [failedLevel(name, dnskey.message)] };
      const judged = judgeKeys({
        zone: name,
        response: dnskey,
        ds: anchor.ds,
        anchorKeys: anchor.dnskeys,
        nowSeconds: session.nowSeconds,
      });
      levels.push(judged.level);
      if (!judged.trusted) break;
      trusted = judged.trusted;
      continue;
    }
    const ds = (await entry.ds)!;
    if (isFailure(ds)) {
      levels.push(failedLevel(name, ds.message));
      break;
    }
    const dsSet = ownedBy<packet.DSAnswer>(ds, "DS", name).map((record) => record.data);
    if (dsSet.length === 0) {
      const soa = entry.soa ? await entry.soa : null;
      const isCut =
        name === apex || (soa !== null && !isFailure(soa) && ownedBy(soa, "SOA", name).length > 0);
      // A name that is no zone cut belongs to the zone above: nothing to vouch for.
      if (!isCut) continue;
      levels.push({
        zone: name,
        ds: [],
        dnskeyTags: isFailure(dnskey)
          ? []
          : ownedBy<packet.DnskeyAnswer>(dnskey, "DNSKEY", name).map((r) => keyTag(r.data)),
        algorithms: [],
        status: "insecure",
        reason: `the parent ${parent} publishes no DS for ${name}`,
      });
      break;
    }
    const dsSignature = bestSignature({
      response: ds,
      name,
      type: "DS",
      signer: parent,
      keys: trusted,
      nowSeconds: session.nowSeconds,
    });
    if (dsSignature?.status !== "valid") {
      levels.push({
        ...failedLevel(name, ""),
        ds: dsSet.map((record) => record.keyTag),
        status: dsSignature?.status === "unsupported" ? "insecure" : "bogus",
        reason: `the DS set at ${parent}: ${dsSignature ? edeReason[dsSignature.status] : "RRSIGs missing"}`,
      });
      break;
    }
    if (isFailure(dnskey)) {
      levels.push({ ...failedLevel(name, dnskey.message), ds: dsSet.map((r) => r.keyTag) });
      break;
    }
    const judged = judgeKeys({
      zone: name,
      response: dnskey,
      ds: dsSet,
      anchorKeys: [],
      nowSeconds: session.nowSeconds,
    });
    levels.push(judged.level);
    if (!judged.trusted) break;
    trusted = judged.trusted;
    parent = name;
  }
  return { anchor: anchor.zone, levels };
}
