import type { RemediationChange } from "../../../contract/remediation.js";
import { remediation } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, fqdn } from "../../../protocols/remediation/zone-line.js";
import { type DnsFix, detailsOf } from "./fix.js";

interface Alias {
  readonly host: string;
  readonly cname: string;
  readonly addresses: readonly string[];
}

/**
 * `dns.ns.not-cname`: each NS record naming an alias made to name the host the alias leads to,
 * in the zone and at the registrar, with glue for a target inside the zone (RFC 2181 10.3).
 */
export const notCnameFix: DnsFix = (finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const aliases = ((detailsOf(finding).aliases ?? []) as Alias[]).filter((alias) => alias.cname);
  if (aliases.length === 0) return undefined;
  const inZone = (host: string) => host === zone || host.endsWith(`.${zone}`);
  const changes = aliases.flatMap((alias): RemediationChange[] => {
    const ttl = data.records.NS.find((record) => record.host === alias.host)?.ttl ?? 3600;
    return [
      dnsRecordChange({
        action: "replace",
        owner: zone,
        type: "NS",
        ttl,
        value: fqdn(alias.cname),
        replaces: [fqdn(alias.host)],
      }),
      { kind: "registrar", what: "nameservers", action: "add", value: alias.cname },
      ...(inZone(alias.cname)
        ? alias.addresses.map(
            (address): RemediationChange => ({
              kind: "registrar",
              what: "glue",
              action: "add",
              value: `${alias.cname} ${address}`,
            }),
          )
        : []),
      { kind: "registrar", what: "nameservers", action: "remove", value: alias.host },
    ];
  });
  return remediation({
    summary: `Name the hosts the aliases lead to in ${zone}'s NS records and at the registrar: ${aliases.map((alias) => `${alias.cname} for ${alias.host}`).join(", ")}.`,
    changes,
    steps: [
      "Add the new name servers at the registrar before removing the aliases, so the delegation never shrinks.",
    ],
    references: [rfc(2181, "10.3"), rfc(1912, "2.4")],
  });
};
