import type { Finding } from "../../contract/finding.js";
import { insight, skipped } from "./insight.js";
import type { InsightInput } from "./insight-input.js";
import { at, hostKey, isObject, type Json, sectionData } from "./section-data.js";

const enforceId = "report.mail.mta-sts-unmet";
const daneId = "report.mail.dane-dnssec-broken";

/** The mail section's MX hosts as JSON objects, defensively. */
function mailHosts(mail: Json): Json[] {
  const hosts = at(mail, "hosts");
  return Array.isArray(hosts) ? hosts.filter(isObject) : [];
}

function endpointsOf(host: Json): Json[] {
  const endpoints = host.endpoints;
  return Array.isArray(endpoints) ? endpoints.filter(isObject) : [];
}

/**
 * `report.mail.mta-sts-unmet`: the MTA-STS policy says `enforce` while an MX offers no STARTTLS
 * or a certificate senders must refuse: senders honouring the policy stop delivering there.
 */
export function mtaStsUnmetInsight(input: InsightInput): Finding {
  const mail = sectionData(input.sections, "mail");
  if (!mail.ok) return skipped(enforceId, mail.reason);
  if (
    at(mail.value, "mtaSts", "policy", "mode") !== "enforce" ||
    at(mail.value, "mtaSts", "problem") !== null
  ) {
    return skipped(enforceId, "the domain has no usable MTA-STS policy in enforce mode");
  }
  const unmet: string[] = [];
  for (const host of mailHosts(mail.value)) {
    for (const endpoint of endpointsOf(host)) {
      const where = `${String(host.host)} (${String(endpoint.address)})`;
      if (endpoint.starttls === false) unmet.push(`${where}: no STARTTLS`);
      const tls = endpoint.tls;
      if (endpoint.starttls === true && !isObject(tls))
        unmet.push(`${where}: TLS handshake failed`);
      if (isObject(tls) && (tls.trusted === false || tls.hostnameMatch === false)) {
        unmet.push(`${where}: certificate not trusted for its name`);
      }
    }
  }
  if (unmet.length === 0) {
    return insight(
      enforceId,
      "pass",
      "Every MX probed meets the MTA-STS policy it is enforced with.",
    );
  }
  return insight(
    enforceId,
    "fail",
    `MTA-STS is enforce, yet ${unmet.join("; ")}: senders that honour the policy will not deliver there.`,
    { unmet },
  );
}

/**
 * `report.mail.dane-dnssec-broken`: an MX under the domain publishes TLSA records while the dns
 * section finds the zone's DNSSEC failing: DANE senders then defer mail instead of delivering.
 */
export function daneDnssecBrokenInsight(input: InsightInput): Finding {
  const mail = sectionData(input.sections, "mail");
  if (!mail.ok) return skipped(daneId, mail.reason);
  const domain = hostKey(input.domain);
  const withTlsa = mailHosts(mail.value).filter((host) => {
    const name = typeof host.host === "string" ? hostKey(host.host) : "";
    const own = name === domain || name.endsWith(`.${domain}`);
    return own && Array.isArray(host.tlsa) && host.tlsa.length > 0;
  });
  if (withTlsa.length === 0)
    return skipped(daneId, "no MX under the domain publishes TLSA records");
  const dns = sectionData(input.sections, "dns");
  if (!dns.ok) return skipped(daneId, dns.reason);
  const checks = at(dns.value, "health", "checks");
  const failing = (Array.isArray(checks) ? checks.filter(isObject) : [])
    .filter((check) => typeof check.id === "string" && check.id.startsWith("dns.dnssec."))
    .filter((check) => check.status === "fail")
    .map((check) => String(check.id));
  const hosts = withTlsa.map((host) => String(host.host));
  if (failing.length === 0) {
    return insight(
      daneId,
      "pass",
      `DANE is published for ${hosts.join(", ")} and no DNSSEC check of the zone fails.`,
    );
  }
  return insight(
    daneId,
    "fail",
    `DANE is published for ${hosts.join(", ")} while the zone's DNSSEC fails (${failing.join(", ")}): DANE senders will defer mail to it.`,
    { hosts, failing },
  );
}
