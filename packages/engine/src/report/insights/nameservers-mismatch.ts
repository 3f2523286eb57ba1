import type { Finding } from "../../contract/finding.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, hostKey, isObject, sectionData, stringAt } from "./section-data.js";

const id = "report.nameservers.mismatch";

/**
 * `report.nameservers.mismatch`: the name servers the registry delegates to (parent side) differ
 * from the NS set the zone itself publishes (child side). A server only the parent lists gets
 * queries it may not answer; one only the child lists gets none from resolvers starting cold.
 */
export function nameserversMismatchInsight(input: InsightInput): Finding {
  const whois = sectionData(input.sections, "whois");
  if (!whois.ok) return skipped(id, whois.reason);
  if (at(whois.value, "registered") === false)
    return skipped(id, `${input.domain} is not registered`);
  const registered = stringAt(whois.value, "queriedDomain") ?? input.domain;
  if (registered !== input.domain) {
    return skipped(
      id,
      `the dns section describes ${input.domain}, while the registry delegates ${registered}`,
    );
  }
  const delegated = hostList(at(whois.value, "nameservers"), (entry) =>
    typeof entry === "string" ? entry : null,
  );
  if (delegated === null || delegated.length === 0) {
    return skipped(id, "the registry lists no name servers");
  }

  const dns = sectionData(input.sections, "dns");
  if (!dns.ok) return skipped(id, dns.reason);
  const published = hostList(at(dns.value, "records", "NS"), (entry) =>
    isObject(entry) && typeof entry.host === "string" ? entry.host : null,
  );
  if (published === null) return skipped(id, "the dns section gives no NS records");

  const onlyAtRegistry = delegated.filter((host) => !published.includes(host));
  const onlyInDns = published.filter((host) => !delegated.includes(host));
  const details = { registry: delegated, dns: published, onlyAtRegistry, onlyInDns };
  if (onlyAtRegistry.length === 0 && onlyInDns.length === 0) {
    return insight(
      id,
      "pass",
      `The registry and the zone agree on ${delegated.length} name servers.`,
      details,
    );
  }
  const parts = [
    ...(onlyAtRegistry.length > 0 ? [`only the registry lists ${onlyAtRegistry.join(", ")}`] : []),
    ...(onlyInDns.length > 0 ? [`only the zone's NS records list ${onlyInDns.join(", ")}`] : []),
  ];
  const advice =
    published.length === 0
      ? "the zone publishes no NS records at all"
      : "update the delegation at the registrar or the NS records in the zone so they match";
  return insight(
    id,
    "warn",
    `The registry's name servers for ${input.domain} differ from the zone's: ${parts.join("; ")}. ${advice[0]!.toUpperCase()}${advice.slice(1)}.`,
    details,
  );
}

/** Sorted, de-duplicated host keys, or null when `value` is not a list. */
function hostList(value: unknown, hostOf: (entry: unknown) => string | null): string[] | null {
  if (!Array.isArray(value)) return null;
  const hosts = value
    .map(hostOf)
    .filter((host): host is string => host !== null && host.trim() !== "");
  return [...new Set(hosts.map(hostKey))].sort();
}
