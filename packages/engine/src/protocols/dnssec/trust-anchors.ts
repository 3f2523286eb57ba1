import type * as packet from "dns-packet";
import { canonicalName } from "./canonical.js";

/** Where validation may start: a zone and the DS digests or DNSKEYs trusted for it. */
export interface TrustAnchor {
  readonly zone: string;
  readonly ds: readonly packet.DsData[];
  readonly dnskeys: readonly packet.DnskeyData[];
}

/**
 * The IANA root key-signing keys in service (https://data.iana.org/root-anchors/): KSK-2017
 * and KSK-2024, as DS records.
 */
export const ianaRootAnchors = [
  ". IN DS 20326 8 2 E06D44B80B8F1D39A95C0B0D7C65D08458E880409BBC683457104237C7F8EC8D",
  ". IN DS 38696 8 2 683D2D0ACB8C9B712A1948B27F741219298D0A450D612C483AF444A4C0FB2B16",
].join("\n");

const isNumber = (token: string | undefined) => token !== undefined && /^\d+$/.test(token);

/**
 * Reads DS and DNSKEY records in zone-file presentation form, one a line (`;` starts a
 * comment; TTL and class optional), into anchors by zone. Throws a TypeError naming the line
 * that cannot be read.
 */
export function parseTrustAnchors(text: string): TrustAnchor[] {
  const byZone = new Map<string, { ds: packet.DsData[]; dnskeys: packet.DnskeyData[] }>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/;.*$/, "").trim();
    if (line === "") return;
    const bad = (why: string) => new TypeError(`line ${index + 1}: ${why}: ${line.slice(0, 80)}`);
    const tokens = line.split(/\s+/);
    const owner = tokens.shift()!;
    if (isNumber(tokens[0])) tokens.shift();
    if (tokens[0]?.toUpperCase() === "IN") tokens.shift();
    if (isNumber(tokens[0])) tokens.shift();
    const type = tokens.shift()?.toUpperCase();
    const entry = byZone.get(canonicalName(owner)) ?? { ds: [], dnskeys: [] };
    if (type === "DS") {
      const [tag, algorithm, digestType, ...digest] = tokens;
      const hex = digest.join("");
      if (
        !isNumber(tag) ||
        !isNumber(algorithm) ||
        !isNumber(digestType) ||
        !/^([0-9a-f]{2})+$/i.test(hex)
      )
        throw bad("a DS record needs a key tag, an algorithm, a digest type and a hex digest");
      entry.ds.push({
        keyTag: Number(tag),
        algorithm: Number(algorithm),
        digestType: Number(digestType),
        digest: Buffer.from(hex, "hex"),
      });
    } else if (type === "DNSKEY") {
      const [flags, protocol, algorithm, ...key] = tokens;
      const base64 = key.join("");
      if (
        !isNumber(flags) ||
        protocol !== "3" ||
        !isNumber(algorithm) ||
        !/^[A-Za-z0-9+/]+=*$/.test(base64)
      )
        throw bad("a DNSKEY record needs flags, protocol 3, an algorithm and a base64 key");
      entry.dnskeys.push({
        flags: Number(flags),
        algorithm: Number(algorithm),
        key: Buffer.from(base64, "base64"),
      });
    } else {
      throw bad("not a DS or DNSKEY record");
    }
    byZone.set(canonicalName(owner), entry);
  });
  if (byZone.size === 0) throw new TypeError("no DS or DNSKEY record found");
  return [...byZone].map(([zone, entry]) => ({ zone, ...entry }));
}

/** The deepest anchor at or above `name`, where its validation starts. */
export function anchorFor(anchors: readonly TrustAnchor[], name: string): TrustAnchor | undefined {
  const target = canonicalName(name);
  return anchors
    .filter(
      (anchor) =>
        anchor.zone === "." || target === anchor.zone || target.endsWith(`.${anchor.zone}`),
    )
    .sort((a, b) => (b.zone === "." ? 0 : b.zone.length) - (a.zone === "." ? 0 : a.zone.length))[0];
}
