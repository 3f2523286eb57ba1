import type { RemediationChange } from "../../../contract/remediation.js";
import { remediation } from "../../../protocols/remediation/build.js";
import { readTags, withTag, writeTags } from "../../../protocols/remediation/mail-policy-text.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, txtValue } from "../../../protocols/remediation/zone-line.js";
import { type DnsFix, detailsOf } from "./fix.js";

const ttl = 3600;

const entries = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter(
        (entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null,
      )
    : [];

/** The `rua=`/`ruf=` list without the URIs receivers skip; a bare mailbox gets its `mailto:`. */
function repairedUris(list: string, invalid: ReadonlySet<string>): string {
  return list
    .split(",")
    .map((uri) => uri.trim())
    .flatMap((uri) => {
      if (!invalid.has(uri)) return [uri];
      return /^[^@\s:,;!]+@[a-z0-9.-]+$/i.test(uri) ? [`mailto:${uri}`] : [];
    })
    .join(",");
}

/**
 * `dns.dmarc.report-destinations`: each destination outside the domain's organizational domain
 * publishes the authorization receivers look for (RFC 7489 7.1), and malformed URIs are
 * repaired or dropped from the domain's own record.
 */
export const dmarcReportDestinationsFix: DnsFix = (finding) => {
  const details = detailsOf(finding);
  const policyDomain = String(details.policyDomain ?? "");
  const record = typeof details.record === "string" ? details.record : undefined;
  if (!policyDomain || record === undefined) return undefined;
  const changes: RemediationChange[] = entries(details.unauthorized).map((entry) =>
    dnsRecordChange({
      action: "add",
      owner: String(entry.name),
      type: "TXT",
      ttl,
      value: txtValue("v=DMARC1"),
    }),
  );
  const invalid = new Set(entries(details.invalid).map((entry) => String(entry.value)));
  const location = String(details.location);
  // The record is the domain's own to change only where it was found at its own _dmarc.
  if (invalid.size > 0) {
    let tags = readTags(record);
    for (const [name, value] of tags) {
      const tag = name.toLowerCase();
      if (tag === "rua" || tag === "ruf") tags = withTag(tags, tag, repairedUris(value, invalid));
    }
    tags = tags.filter(([, value]) => value !== "");
    changes.push(
      dnsRecordChange({
        action: "replace",
        owner: location,
        type: "TXT",
        ttl,
        value: txtValue(writeTags(tags)),
        replaces: [txtValue(record)],
      }),
    );
  }
  if (changes.length === 0) return undefined;
  const hosts = entries(details.unauthorized).map((entry) => String(entry.host));
  return remediation({
    summary:
      hosts.length > 0
        ? `Have ${hosts.join(", ")} authorize ${policyDomain}'s DMARC reports, so receivers send them.`
        : `Repair the report URIs of the DMARC record at ${location}.`,
    changes,
    steps:
      hosts.length > 0
        ? [
            `The _report._dmarc records belong in the zone of each destination: its owner (your report service) publishes them; "*._report._dmarc.<destination>" authorizes every domain at once. Otherwise send the reports to a mailbox within ${policyDomain}.`,
          ]
        : [],
    references: [rfc(7489, "7.1"), rfc(7489, "6.2")],
  });
};
