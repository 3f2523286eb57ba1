import type * as packet from "dns-packet";
import { keyTag } from "../../../../protocols/dnssec/key-tag.js";
import { verifyRrsig } from "../../../../protocols/dnssec/verify-rrsig.js";
import type { ZoneFacts } from "../facts.js";
import { owned } from "./dnssec-data.js";

/** What is wrong with the signatures around CDS and CDNSKEY: failures, then warnings. */
export interface CdsSignatureProblems {
  readonly fail: string[];
  readonly warn: string[];
}

/** A key a CDS or CDNSKEY points to, by its tag and algorithm. */
export interface PointedKey {
  readonly keyTag: number;
  readonly algorithm: number;
}

const sameKey = (key: packet.DnskeyData, pointed: PointedKey) =>
  keyTag(key) === pointed.keyTag && key.algorithm === pointed.algorithm;

/**
 * RFC 7344 4.1 and RFC 8078 3, as Zonemaster's DNSSEC16 and 17 read them: on every server the
 * CDS and CDNSKEY sets are signed, by a key of the zone's DNSKEY set, with a signature that
 * verifies; when the parent has a DS set, by a key it points to (else the parent cannot
 * authenticate the request); and each key they point to signs the DNSKEY set (else the DS the
 * parent would make leads nowhere).
 */
export function cdsSignatureProblems(options: {
  zone: ZoneFacts;
  keys: readonly packet.DnskeyData[];
  ds: readonly packet.DsData[];
  /** The keys the (non-delete) CDS and CDNSKEY records point to. */
  pointed: readonly PointedKey[];
  nowSeconds: number;
}): CdsSignatureProblems {
  const { zone, keys, ds, nowSeconds } = options;
  const fail = new Set<string>();
  const warn = new Set<string>();
  for (const server of zone.servers) {
    for (const type of ["CDS", "CDNSKEY"] as const) {
      const response = type === "CDS" ? server.cds?.cds : server.cds?.cdnskey;
      const rrset = owned(response, type, zone.apex);
      if (rrset.length === 0) continue;
      const verdicts = owned<packet.RrsigAnswer>(response, "RRSIG", zone.apex)
        .filter((record) => record.data.typeCovered === type)
        .map((record) =>
          verifyRrsig({ rrsig: record.data, rrset, dnskeys: keys, zone: zone.apex, nowSeconds }),
        );
      const valid = verdicts.filter((verdict) => verdict.status === "valid");
      if (verdicts.length === 0) fail.add(`${type} is unsigned on ${server.server}`);
      else if (valid.length === 0) {
        const unknown = verdicts.every((verdict) => verdict.status === "no-key");
        fail.add(
          unknown
            ? `${type} is signed by a key not in the DNSKEY set on ${server.server}`
            : `no ${type} signature verifies on ${server.server} (${verdicts[0]!.reason ?? verdicts[0]!.status})`,
        );
      } else if (
        ds.length > 0 &&
        !valid.some((verdict) =>
          ds.some(
            (record) => record.keyTag === verdict.keyTag && record.algorithm === verdict.algorithm,
          ),
        )
      ) {
        warn.add(
          `${type} on ${server.server} is not signed by a key the parent's DS set points to`,
        );
      }
    }
  }
  // The DNSKEY set must carry a valid signature by every key a CDS or CDNSKEY points to.
  const dnskeyRrsigs = zone.servers.flatMap((server) => {
    const rrset = owned(server.dnskey, "DNSKEY", zone.apex);
    return owned<packet.RrsigAnswer>(server.dnskey, "RRSIG", zone.apex)
      .filter((record) => record.data.typeCovered === "DNSKEY")
      .map((record) => ({ rrsig: record.data, rrset }));
  });
  for (const pointed of options.pointed) {
    const key = keys.find((candidate) => sameKey(candidate, pointed));
    if (!key) continue;
    const signs = dnskeyRrsigs.some(
      ({ rrsig, rrset }) =>
        rrsig.keyTag === pointed.keyTag &&
        rrsig.algorithm === pointed.algorithm &&
        verifyRrsig({ rrsig, rrset, dnskeys: [key], zone: zone.apex, nowSeconds }).status ===
          "valid",
    );
    if (!signs)
      fail.add(`key ${pointed.keyTag} that a CDS/CDNSKEY points to does not sign the DNSKEY set`);
  }
  return { fail: [...fail], warn: [...warn] };
}
