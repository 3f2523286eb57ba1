import type { Finding } from "../../../../contract/finding.js";
import { isFailure } from "../../../../protocols/dns/session.js";
import type { DnsCaaRecord } from "../../dns-data.js";
import type { DnsCheckId } from "../check-ids.js";
import type { CaaFacts, HealthFacts } from "../facts.js";
import { check, listText, skipped } from "../finding.js";

/** Property tags defined by RFC 8659, RFC 9495 (issuemail) and the CA/Browser Forum. */
const knownTags = new Set([
  "issue",
  "issuewild",
  "iodef",
  "issuemail",
  "issuevmc",
  "contactemail",
  "contactphone",
]);
/** RFC 8659 4.2: issuer-domain-name, then `; key=value` parameters. */
const issueValue =
  /^\s*(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)?\s*(?:;\s*(?:[a-z0-9]+\s*=\s*[\x21-\x3a\x3c-\x7e]*\s*)?)*$/i;

function withCaa(facts: HealthFacts, id: DnsCheckId, run: (caa: CaaFacts) => Finding): Finding {
  if (facts.caa === null) return skipped(id, `${facts.domain} does not exist`);
  if (isFailure(facts.caa)) return skipped(id, facts.caa.message);
  return run(facts.caa);
}

/** `dns.caa.present`: a CAA record set applies to the domain (RFC 8659 3, climbing the tree). */
export const caaPresent = (facts: HealthFacts): Finding =>
  withCaa(facts, "dns.caa.present", (caa) => {
    const details = { owner: caa.owner, records: caa.records.map(text) };
    if (caa.owner === null) {
      return check(
        "dns.caa.present",
        "warn",
        `No CAA record applies to ${facts.domain}, at it or above it: any certificate authority may issue for it.`,
        details,
      );
    }
    const where = caa.owner === facts.domain ? "" : `, inherited from ${caa.owner}`;
    return check(
      "dns.caa.present",
      "pass",
      `CAA records limit who may issue certificates for ${facts.domain}${where}.`,
      details,
    );
  });

const text = (record: DnsCaaRecord) => `${record.flags} ${record.tag} "${record.value}"`;

/** `dns.caa.syntax`: known tags and well-formed values; an unknown critical tag forbids issuance. */
export const caaSyntax = (facts: HealthFacts): Finding =>
  withCaa(facts, "dns.caa.syntax", (caa) => {
    if (caa.records.length === 0) return skipped("dns.caa.syntax", "no CAA record applies");
    const blocking: string[] = [];
    const malformed: string[] = [];
    for (const record of caa.records) {
      const tag = record.tag.toLowerCase();
      if (!/^[a-z0-9]{1,15}$/i.test(record.tag))
        malformed.push(`${text(record)}: the tag is not 1 to 15 letters and digits`);
      if (!knownTags.has(tag)) {
        if (record.critical) blocking.push(text(record));
        continue;
      }
      if (
        (tag === "issue" || tag === "issuewild" || tag === "issuemail") &&
        !issueValue.test(record.value)
      ) {
        malformed.push(`${text(record)}: not an issuer domain with parameters`);
      }
      if (tag === "iodef" && !/^(mailto:|https?:\/\/)\S+$/i.test(record.value)) {
        malformed.push(`${text(record)}: iodef needs a mailto: or http(s): URL`);
      }
    }
    const details = {
      owner: caa.owner,
      records: caa.records.map(text),
      criticalUnknown: blocking,
      malformed,
    };
    if (blocking.length > 0) {
      return check(
        "dns.caa.syntax",
        "fail",
        `CAA ${listText(blocking)} ${blocking.length === 1 ? "has" : "have"} an unknown tag marked critical: no certificate authority may issue for ${facts.domain} (RFC 8659 4.1).`,
        details,
      );
    }
    if (malformed.length > 0) {
      return check(
        "dns.caa.syntax",
        "warn",
        `Some CAA records are malformed and will be ignored: ${malformed.join("; ")}.`,
        details,
      );
    }
    return check("dns.caa.syntax", "pass", "The CAA records are well formed.", details);
  });
