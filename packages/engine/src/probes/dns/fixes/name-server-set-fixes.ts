import type { RemediationChange, RemediationParameter } from "../../../contract/remediation.js";
import { remediation, stringsAt } from "../../../protocols/remediation/build.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { dnsRecordChange, fqdn } from "../../../protocols/remediation/zone-line.js";
import type { DnsData } from "../declaration.js";
import { hostNameProblems } from "../health/checks/host-name-syntax.js";
import { type DnsFix, detailsOf } from "./fix.js";

/**
 * Fixes of the delegation's set of name servers, as typed changes: a server added (its name and
 * address are the user's to choose: parameters) or named servers dropped, each in the zone's NS
 * records and at the registrar, so the two never disagree (RFC 2182, RFC 9471).
 */

type Family = "IPv4" | "IPv6";

const secondaryName: RemediationParameter = {
  name: "secondaryNameServer",
  description:
    "The host name of the name server to add (without the trailing dot), one that already serves the zone (a secondary transferring it from your primary, or a second provider's).",
};
const secondaryAddress = (family: Family, where: string): RemediationParameter => ({
  name: `secondaryNameServer${family}`,
  description: `The ${family} address of the added name server, ${where}.`,
});

/** The zone's NS record, the server's address record and the registrar's name server and glue. */
function secondaryChanges(data: DnsData, zone: string, family: Family): RemediationChange[] {
  const host = "{{secondaryNameServer}}";
  const address = `{{secondaryNameServer${family}}}`;
  const ttl = data.records.NS[0]?.ttl ?? 3600;
  return [
    { kind: "registrar", what: "nameservers", action: "add", value: host },
    { kind: "registrar", what: "glue", action: "add", value: `${host} ${address}` },
    dnsRecordChange({ action: "add", owner: zone, type: "NS", ttl, value: fqdn(host) }),
    dnsRecordChange({
      action: "add",
      owner: host,
      type: family === "IPv4" ? "A" : "AAAA",
      ttl,
      value: address,
    }),
  ];
}

const secondarySteps = (zone: string) => [
  `Set the new server up first: it must serve ${zone} (as a secondary transferring it from the primary, or at a second provider) before the delegation names it.`,
  `The address record in the zone and the glue at the registrar are for a name inside ${zone}; for a name elsewhere (a provider's server), add only the NS record and the name server at the registrar.`,
];

/** A fix that adds one name server of the given family, placed where `where` says. */
const addSecondary =
  (options: {
    summary: (zone: string) => string;
    family: Family;
    where: string;
    references: string[];
  }): DnsFix =>
  (_finding, data, { domain }) => {
    const zone = data.health.zone ?? domain;
    return remediation({
      summary: options.summary(zone),
      changes: secondaryChanges(data, zone, options.family),
      steps: secondarySteps(zone),
      parameters: [secondaryName, secondaryAddress(options.family, options.where)],
      references: options.references,
    });
  };

/** `dns.ns.count`: a second name server, in the zone and at the registrar. */
export const nsCountFix = addSecondary({
  summary: (zone) =>
    `Add a secondary name server to ${zone}'s NS records and at the registrar: at least two are required.`,
  family: "IPv4",
  where: "ideally in another network than the first server's",
  references: [rfc(1034, "4.1"), rfc(2182, "5")],
});

/** `dns.ns.diversity`: a name server in another network. */
export const nsDiversityFix = addSecondary({
  summary: (zone) =>
    `Spread ${zone}'s name servers over more than one network: add a secondary at another provider or network (a different /24 and /48).`,
  family: "IPv4",
  where: "in another /24 than the other servers' (another provider or network)",
  references: [rfc(2182, "3.1")],
});

/** `dns.ns.as-diversity`: a name server in another autonomous system. */
export const nsAsDiversityFix = addSecondary({
  summary: (zone) =>
    `Spread ${zone}'s name servers over more than one autonomous system: add a secondary DNS provider whose servers sit in another AS.`,
  family: "IPv4",
  where: "announced by another AS than the other servers' (another provider)",
  references: [rfc(2182, "3.1")],
});

/** `dns.ns.ipv6`: a name server reachable over IPv6. */
export const nsIpv6Fix = addSecondary({
  summary: (zone) =>
    `Give at least one of ${zone}'s name servers an IPv6 address: add a server that serves IPv6 (or an AAAA record, and its glue, for one that already listens on IPv6).`,
  family: "IPv6",
  where: "on which it answers DNS",
  references: [rfc(3901)],
});

/** Changes that take `hosts` out of the delegation and out of the zone's NS records. */
export function dropChanges(
  data: DnsData,
  zone: string,
  hosts: readonly string[],
): RemediationChange[] {
  return hosts.flatMap((host): RemediationChange[] => {
    const record = data.records.NS.find((entry) => entry.host === host);
    return [
      { kind: "registrar", what: "nameservers", action: "remove", value: host },
      ...(record
        ? [
            dnsRecordChange({
              action: "remove",
              owner: zone,
              type: "NS",
              ttl: record.ttl,
              value: fqdn(host),
            }),
          ]
        : []),
    ];
  });
}

/** The names that stay after dropping `hosts`, or null when fewer than two would. */
function staying(data: DnsData, hosts: readonly string[]): string[] | null {
  const stay = data.records.NS.map((record) => record.host).filter((host) => !hosts.includes(host));
  return stay.length >= 2 ? stay : null;
}

/**
 * `dns.ns.distinct-ip`: of the names sharing one address, the first (in order) stays and the
 * others leave the delegation, when two servers still remain; otherwise a server is added.
 */
export const nsDistinctIpFix: DnsFix = (finding, data, context) => {
  const zone = data.health.zone ?? context.domain;
  const shared = (detailsOf(finding).shared ?? []) as { address: string; hosts: string[] }[];
  const drop = [...new Set(shared.flatMap((entry) => stringsAt(entry.hosts).slice(1)))];
  const stay = staying(data, drop);
  if (drop.length === 0 || !stay) {
    return addSecondary({
      summary: (apex) =>
        `Give each of ${apex}'s name server names its own server: names sharing one address are one server, so add a server at another address.`,
      family: "IPv4",
      where: "another address than the other servers'",
      references: [rfc(2182, "3.1")],
    })(finding, data, context);
  }
  return remediation({
    summary: `Remove ${drop.join(", ")} from the delegation of ${zone} and from its NS records: ${drop.length === 1 ? "it shares" : "they share"} an address with another name, so ${drop.length === 1 ? "it is" : "they are"} not another server.`,
    changes: dropChanges(data, zone, drop),
    steps: [
      `Remove the name servers at the registrar first, then the NS records; ${stay.join(", ")} keep serving the zone.`,
      "Or give each name its own server: add a server at another address instead.",
    ],
    references: [rfc(2182, "3.1")],
  });
};

/** `dns.ns.hostname`: the names that break the host name rules leave the delegation. */
export const nsHostnameFix: DnsFix = (finding, data, { domain }) => {
  const zone = data.health.zone ?? domain;
  const names = stringsAt(detailsOf(finding).names);
  const drop = names.filter((name) =>
    hostNameProblems(name).some((problem) => problem.level === "fail"),
  );
  const stay = staying(data, drop);
  const rules =
    "Use letters, digits and hyphens only, no label starting or ending with a hyphen (RFC 952, RFC 1123).";
  if (drop.length === 0 || !stay) {
    return remediation({
      summary: `Name ${zone}'s name servers with valid host names.`,
      steps: [
        `${rules} Rename the server, then list the new name in the NS records and at the registrar.`,
      ],
      references: [rfc(1123, "2.1")],
    });
  }
  return remediation({
    summary: `Remove ${drop.join(", ")} from the delegation of ${zone} and from its NS records: ${drop.length === 1 ? "it is not a valid host name" : "they are not valid host names"}.`,
    changes: dropChanges(data, zone, drop),
    steps: [
      `Remove the name servers at the registrar first, then the NS records; ${stay.join(", ")} keep serving the zone.`,
      `To keep the server, give it a valid name and add that instead. ${rules}`,
    ],
    references: [rfc(1123, "2.1")],
  });
};
