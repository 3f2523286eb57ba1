import type { Finding } from "../../contract/finding.js";
import { dnskeyTag } from "./dnskey-tag.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, isObject, type Json, sectionData, stringAt } from "./section-data.js";

const id = "report.dnssec.mismatch";
/** The DNSKEY flag of a zone key (RFC 4034 section 2.1.1); other keys cannot sign the zone. */
const zoneKeyFlag = 0x0100;

interface ZoneKey {
  algorithm: number | null;
  /** Null when the record carries neither a key tag nor the key to compute one from. */
  keyTag: number | null;
}

/**
 * `report.dnssec.mismatch`: the registry (DS at the parent) and the zone (DNSKEY) disagree.
 * A signed delegation whose zone has no valid key makes the name fail on validating resolvers
 * (error); a signed zone without DS at the registry is simply not protected (warning).
 * Reads `records.DNSKEY` and the `dns.dnssec.*` checks of `health.checks` when the dns section
 * has them, and says so when it has neither.
 */
export function dnssecMismatchInsight(input: InsightInput): Finding {
  const { domain } = input;
  const whois = sectionData(input.sections, "whois");
  if (!whois.ok) return skipped(id, whois.reason);
  if (at(whois.value, "registered") === false) return skipped(id, `${domain} is not registered`);
  const registered = stringAt(whois.value, "queriedDomain") ?? domain;
  if (registered !== domain) {
    return skipped(
      id,
      `the dns section describes ${domain}, while the registry's DS records are for ${registered}`,
    );
  }
  const dsData = Array.isArray(at(whois.value, "dnssec", "dsData"))
    ? (at(whois.value, "dnssec", "dsData") as unknown[]).filter(isObject)
    : [];
  const flag = at(whois.value, "dnssec", "delegationSigned");
  const delegationSigned = dsData.length > 0 ? true : typeof flag === "boolean" ? flag : null;
  if (delegationSigned === null) {
    return skipped(id, "the registry does not say whether the delegation is signed");
  }

  const dns = sectionData(input.sections, "dns");
  if (!dns.ok) return skipped(id, dns.reason);
  const checks = dnssecChecks(dns.value);
  const rawKeys = at(dns.value, "records", "DNSKEY");
  const keys = Array.isArray(rawKeys) ? zoneKeys(rawKeys) : null;
  const signedCheck = checks.find((check) => check.id === "dns.dnssec.signed");
  const zoneSigned =
    keys !== null ? keys.length > 0 : signedCheck ? signedCheck.status === "pass" : null;
  if (zoneSigned === null) {
    return skipped(id, "the dns section reports neither DNSKEY records nor DNSSEC checks");
  }
  const failing = checks.filter((check) => check.status === "fail").map((check) => check.id);
  const details: Record<string, unknown> = {
    delegationSigned,
    dsKeyTags: dsData.map((ds) => ds.keyTag).filter((tag) => typeof tag === "number"),
    dnskeyCount: keys?.length ?? null,
    failingChecks: failing,
  };

  if (!delegationSigned) {
    if (!zoneSigned) {
      return insight(
        id,
        "pass",
        `Neither the registry nor the zone has DNSSEC for ${domain}.`,
        details,
      );
    }
    return insight(
      id,
      "warn",
      `The zone of ${domain} is signed, but the registry has no DS record for it, so resolvers do not validate it. Add the DS record at the registrar.`,
      details,
    );
  }
  if (!zoneSigned) {
    return insight(
      id,
      "fail",
      `The registry publishes DS records for ${domain}, but the zone has no DNSKEY: validating resolvers cannot resolve it. Publish the keys, or remove the DS at the registrar.`,
      details,
    );
  }
  if (failing.length > 0) {
    return insight(
      id,
      "fail",
      `The delegation of ${domain} is signed, but the zone's DNSSEC does not validate (${failing.join(", ")}): validating resolvers cannot resolve it.`,
      details,
    );
  }
  const unmatched = keys !== null && !dsMatchesAKey(dsData, keys);
  if (unmatched) {
    return insight(
      id,
      "fail",
      `No DNSKEY of ${domain} matches the registry's DS records (key tags ${(details.dsKeyTags as number[]).join(", ")}): validating resolvers cannot resolve it. Update the DS at the registrar.`,
      { ...details, dnskeyTags: keys.map((key) => key.keyTag) },
    );
  }
  return insight(
    id,
    "pass",
    `The delegation of ${domain} is signed and the zone publishes its keys.`,
    details,
  );
}

function dnssecChecks(dns: Json): { id: string; status: string }[] {
  const checks = at(dns, "health", "checks");
  if (!Array.isArray(checks)) return [];
  return checks
    .filter(isObject)
    .filter((check) => typeof check.id === "string" && check.id.startsWith("dns.dnssec."))
    .map((check) => ({ id: check.id as string, status: String(check.status) }));
}

/** The zone keys among DNSKEY records, whatever the exact record shape. */
function zoneKeys(records: unknown[]): ZoneKey[] {
  return records.filter(isObject).flatMap((record) => {
    const flags = typeof record.flags === "number" ? record.flags : null;
    if (flags !== null && (flags & zoneKeyFlag) === 0) return [];
    const algorithm = typeof record.algorithm === "number" ? record.algorithm : null;
    return [{ algorithm, keyTag: keyTagOf(record, flags, algorithm) }];
  });
}

function keyTagOf(record: Json, flags: number | null, algorithm: number | null): number | null {
  if (typeof record.keyTag === "number") return record.keyTag;
  const key = typeof record.publicKey === "string" ? record.publicKey : record.key;
  if (flags === null || algorithm === null || algorithm === 1 || typeof key !== "string")
    return null;
  const protocol = typeof record.protocol === "number" ? record.protocol : 3;
  return dnskeyTag({ flags, protocol, algorithm, publicKey: Buffer.from(key, "base64") });
}

/**
 * Whether a DS names one of the keys. Undecidable (missing tags on either side) counts as a
 * match: the insight only fails on a mismatch it can show.
 */
function dsMatchesAKey(dsData: Json[], keys: ZoneKey[]): boolean {
  const dsTags = dsData.filter((ds) => typeof ds.keyTag === "number");
  if (dsTags.length === 0 || keys.some((key) => key.keyTag === null)) return true;
  return dsTags.some((ds) =>
    keys.some(
      (key) =>
        key.keyTag === ds.keyTag &&
        (key.algorithm === null ||
          typeof ds.algorithm !== "number" ||
          key.algorithm === ds.algorithm),
    ),
  );
}
