import type { RemediationChange } from "../../../contract/remediation.js";
import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, txtValue } from "../../../protocols/remediation/zone-line.js";
import { wantedDs } from "./delegation-fixes.js";
import { type DnsFix, detailsOf } from "./fix.js";

/**
 * Fixes that the registry or the registrar carries out: the DS set every parent server must
 * serve, and the records that make a name exist.
 */

/**
 * `dns.dnssec.ds-consistency`: the DS set for the zone's key-signing keys, which every server of
 * the parent must serve; DS records some server serves beyond it are removed.
 */
export const dsConsistencyFix: DnsFix = (finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const wanted = wantedDs(data, zone);
  if (wanted.length === 0) return undefined;
  const served = ((detailsOf(finding).servers ?? []) as { ds: string[] }[]).flatMap(
    (server) => server.ds,
  );
  const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
  const extra = [...new Set(served)].filter((ds) => !wanted.some((value) => same(ds, value)));
  const changes: RemediationChange[] = [
    ...wanted.map(
      (value): RemediationChange => ({
        kind: "registrar",
        what: "ds",
        action: "add",
        value,
      }),
    ),
    ...extra.map(
      (value): RemediationChange => ({
        kind: "registrar",
        what: "ds",
        action: "remove",
        value,
      }),
    ),
  ];
  return remediation({
    summary: `Have every server of the parent zone serve the same DS set for ${zone}: the DS of its key-signing key (key tag ${wanted.map((value) => value.split(" ")[0]).join(", ")}).`,
    changes,
    steps: [
      "A DS change reaches all of the parent's servers within the registry's publication interval; a server that still differs after a day is the registry's to fix: report it, with the details' per-server DS sets and the DS set above.",
      "Keep the old key published in the zone until every parent server serves the new DS set and the old DS TTL has passed (RFC 7583).",
    ],
    references: [rfc(7583, "3.3"), rfc(4035, "2.4")],
  });
};

/**
 * `dns.zone.exists`: a name that does not exist is created by its first records. For a name
 * that sends and takes no mail those are a null MX (RFC 7505) and an SPF record allowing no
 * sender (RFC 7208), so nobody can send mail in its name; a name outside any zone of the user's
 * must first be registered.
 */
export const zoneExistsFix: DnsFix = (_finding, _data, { domain }) =>
  remediation({
    summary: `${domain} does not exist: create its records in its zone (for a subdomain, the parent zone), or register it first.`,
    changes: [
      dnsRecordChange({ action: "add", owner: domain, type: "MX", ttl: 3600, value: "0 ." }),
      dnsRecordChange({
        action: "add",
        owner: domain,
        type: "TXT",
        ttl: 3600,
        value: txtValue("v=spf1 -all"),
      }),
    ],
    steps: [
      "Check the spelling. A name no zone of yours holds must be registered first (at a registrar), then its zone created at its DNS provider.",
      'The records above make the name exist without mail: a null MX ("0 .", RFC 7505) and the SPF record "v=spf1 -all"; add its web or other records beside them.',
    ],
    references: [rfc(1034), rfc(7505), rfc(7208)],
  });
