import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import type { DnsFix } from "./fix.js";
import { detailsOf } from "./fix.js";
import { dropChanges } from "./name-server-set-fixes.js";

interface JudgedServer {
  readonly hosts: readonly string[];
  readonly lame: boolean;
}

const loadTheZone =
  "Or, if a lame server should serve the zone, add the zone to the lame servers' configuration instead (then the delegation stays as it is).";

/**
 * `dns.ns.lame`: the names of the lame servers taken out of the delegation (at the registrar)
 * and out of the zone's NS set, when at least two answering servers stay (RFC 1912 2.8, RFC
 * 2182 5); otherwise the zone must be loaded on them, which only their operator can do.
 */
export const lameFix: DnsFix = (finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const servers = (detailsOf(finding).servers ?? []) as JudgedServer[];
  const names = (lame: boolean) =>
    new Set(servers.filter((server) => server.lame === lame).flatMap((server) => server.hosts));
  const lame = [...names(true)];
  const answering = names(false);
  const stay = data.records.NS.filter(
    (record) => answering.has(record.host) && !lame.includes(record.host),
  );
  if (lame.length === 0 || stay.length < 2)
    return remediation({
      summary: `Load ${zone} on the name servers that do not serve it, or add servers that do before removing them.`,
      steps: [
        "At the registrar, list only servers that answer with authority for the zone; or add the zone to the lame servers' configuration.",
      ],
      references: [rfc(1912, "2.8"), rfc(2182, "5")],
    });
  const changes = dropChanges(data, zone, lame);
  return remediation({
    summary: `Remove ${lame.join(", ")} from the delegation of ${zone} and from its NS records: ${lame.length === 1 ? "it does" : "they do"} not serve the zone.`,
    changes,
    steps: [
      `Remove the name servers at the registrar first, then the NS records; ${stay.map((record) => record.host).join(", ")} keep serving the zone.`,
      loadTheZone,
    ],
    references: [rfc(1912, "2.8"), rfc(2182, "5")],
  });
};
