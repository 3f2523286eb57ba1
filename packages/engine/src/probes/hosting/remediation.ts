import {
  type Fix,
  type RemediationTable,
  type SectionFixes,
  topLevelFixes,
} from "../../contract/with-remediations.js";
import { remediation, stringsAt } from "../../protocols/remediation/build.js";
import { rfc } from "../../protocols/remediation/references.js";
import { dnsRecordChange } from "../../protocols/remediation/zone-line.js";
import type { HostingData } from "./declaration.js";

type HostingFix = Fix<HostingData>;

const internetNl = "https://internet.nl/faqs/ipv6/";
const ipv6Parameter = {
  name: "ipv6Address",
  description:
    "The IPv6 address (from your host's or provider's network) where the same server answers as on the IPv4 address.",
};

/** An AAAA record for each name, at the address the user supplies. */
const aaaaAt = (owners: readonly string[]) =>
  owners.map((owner) =>
    dnsRecordChange({
      action: "add",
      owner,
      type: "AAAA",
      ttl: 3600,
      value: `{{${ipv6Parameter.name}}}`,
    }),
  );

/** A host the domain's own zone holds (not a provider's name it points to). */
const inZone = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * `hosting.ipv6.web`: without AAAA, one for each web name the zone holds, at the address the user
 * supplies (only they know it), and IPv6 at the providers its aliases lead to; with AAAA that do
 * not answer, the server's listener.
 */
const ipv6Web: HostingFix = (finding, data, { domain }) => {
  if (finding.status === "fail")
    return remediation({
      summary: "Make the web server answer on port 443 at its published IPv6 addresses.",
      steps: [
        "Have the server listen on IPv6 too (nginx listen [::]:443 ssl; Apache Listen [::]:443), allow TCP 443 over IPv6 in the firewall, or remove the AAAA records until it does.",
      ],
      references: [rfc(8200), internetNl],
    });
  const targets = data.web.cnameTargets;
  const providers = targets.filter((target) => !inZone(target, domain));
  // With alias chains, www. is the alias (the apex holds SOA and NS and cannot be one, RFC 1034
  // 3.6.2): a CNAME owner takes no other record, its AAAA goes to the name it leads to.
  const www = `www.${domain}`;
  const names = [
    ...new Set([
      ...data.hosts
        .filter((host) => host.roles.includes("web") && host.addresses.length > 0)
        .map((host) => host.name),
      ...targets,
    ]),
  ].filter((name) => inZone(name, domain) && !(targets.length > 0 && name === www));
  if (names.length === 0 && providers.length === 0) return undefined;
  const atProviders = `An alias (CNAME) takes its addresses from its target: enable IPv6 (dual stack) in the settings of ${providers.join(", ")} at the CDN or host.`;
  return remediation({
    summary:
      names.length > 0
        ? `Publish an IPv6 address (AAAA) for ${names.join(" and ")}, where the site answers on port 443.`
        : `Turn on IPv6 at the provider ${domain}'s web name points to (${providers.join(", ")}).`,
    changes: aaaaAt(names),
    steps: [
      ...(names.length > 0
        ? [
            "First make the server answer https at that address (listen [::]:443), then publish the record: an AAAA that does not answer is worse than none.",
          ]
        : []),
      ...(providers.length > 0 ? [atProviders] : []),
    ],
    parameters: names.length > 0 ? [ipv6Parameter] : [],
    references: [rfc(3596), internetNl],
  });
};

/** `hosting.ipv6.mail`: an AAAA for each MX host of the zone without one; others: their provider. */
const ipv6Mail: HostingFix = (finding, _data, { domain }) => {
  const without = stringsAt(finding.details?.withoutIpv6);
  const own = without.filter((host) => inZone(host, domain));
  const others = without.filter((host) => !inZone(host, domain));
  if (without.length === 0) return undefined;
  return remediation({
    summary: `Give ${without.join(", ")} an IPv6 address, so IPv6-only senders reach ${domain}.`,
    changes: aaaaAt(own),
    steps: [
      ...(own.length > 0
        ? [
            "Make the mail server accept SMTP on port 25 at that IPv6 address (and give the address a reverse name matching the host) before publishing the record.",
          ]
        : []),
      ...(others.length > 0
        ? [
            `${others.join(", ")} belong to a provider: turn on IPv6 there, or choose an MX that has it.`,
          ]
        : []),
    ],
    ...(own.length > 0 ? { parameters: [ipv6Parameter] } : {}),
    references: [rfc(3596), rfc(5321, "5.1"), internetNl],
  });
};

interface Route {
  readonly address: string;
  readonly prefix: string;
  readonly asn: number;
  readonly state: string;
}

const routesOf = (details: Record<string, unknown> | undefined): Route[] =>
  Array.isArray(details?.routes) ? (details.routes as Route[]) : [];

/**
 * `hosting.rpki.valid`: a ROA is created by the address space's holder at its RIR (or its
 * provider's), not in DNS: the steps name each route's prefix, origin AS and maximum length.
 */
const rpkiValid: HostingFix = (finding) => {
  const routes = routesOf(finding.details).filter((route) => route.state !== "valid");
  if (routes.length === 0) return undefined;
  const unique = [
    ...new Map(routes.map((route) => [`${route.prefix} AS${route.asn}`, route])).values(),
  ];
  const length = (prefix: string) => prefix.split("/")[1] ?? "";
  return remediation({
    summary: `Have the holder of ${unique.map((route) => route.prefix).join(", ")} publish a ROA for each route's origin AS.`,
    steps: [
      ...unique.map(
        (route) =>
          `${route.state === "invalid" ? "Correct" : "Create"} the ROA: prefix ${route.prefix}, origin AS${route.asn}, maximum length ${length(route.prefix)}.`,
      ),
      "ROAs are created in the RPKI portal of the RIR that allocated the prefix (RIPE NCC, ARIN, APNIC, LACNIC, AFRINIC), by the address space's holder: a hosting customer asks the provider.",
    ],
    references: [rfc(6482), rfc(6811), rfc(9319)],
  });
};

/** The hosting section's fixes, by finding id. */
export const hostingRemediations: RemediationTable<HostingData> = {
  "hosting.rpki.valid": rpkiValid,
  "hosting.ipv6.web": ipv6Web,
  "hosting.ipv6.mail": ipv6Mail,
};

/** The table and where the hosting section keeps its findings. */
export const hostingFixes: SectionFixes<HostingData> = topLevelFixes(hostingRemediations);
