import net from "node:net";
import type { RemediationChange } from "../../../contract/remediation.js";
import { remediation, stringsAt } from "../../../protocols/remediation/build.js";
import { mtaStsFix, tlsRptFix } from "../../../protocols/remediation/mail-policies.js";
import { rfc } from "../../../protocols/remediation/references.js";
import { caaValue, dnsRecordChange, fqdn } from "../../../protocols/remediation/zone-line.js";
import { soaThresholds } from "../health/checks/zone.js";
import { type DnsFix, detailsOf, mxHosts } from "./fix.js";
import { serverSetsFix } from "./server-sets-fix.js";

/** `dns.mta-sts.present`: the policy for the domain's MX hosts, testing then enforce. */
export const mtaStsPresentFix: DnsFix = (finding, data, { domain }) =>
  mtaStsFix({
    domain,
    mx: mxHosts(data),
    present: stringsAt(detailsOf(finding).records),
    summary: `Publish an MTA-STS policy for ${domain} listing its MX hosts (${mxHosts(data).join(", ")}), in testing mode first, then enforce.`,
  });

/** `dns.tls-rpt.present`: one TLS-RPT record with a reporting address. */
export const tlsRptPresentFix: DnsFix = (finding, _data, { domain }) =>
  tlsRptFix({
    domain,
    present: stringsAt(detailsOf(finding).records),
    summary: `Publish one TLS-RPT record at _smtp._tls.${domain} so senders report TLS failures.`,
  });

/**
 * `dns.caa.present`: a CAA record allowing the CA the domain uses. The dns section does not
 * know which CA issued the certificate in use: the full report's insights name it; alone, the
 * user does.
 */
export const caaPresentFix: DnsFix = (_finding, _data, { domain }) =>
  remediation({
    summary: `Publish a CAA record for ${domain} allowing only the certificate authority it uses.`,
    changes: [
      dnsRecordChange({
        action: "add",
        owner: domain,
        type: "CAA",
        ttl: 3600,
        value: caaValue(0, "issue", "{{caIdentifier}}"),
      }),
    ],
    steps: [
      "Add one issue record for every CA that issues certificates for the domain (CDN and mail providers included); issuewild for wildcard certificates.",
    ],
    references: [rfc(8659)],
    parameters: [
      {
        name: "caIdentifier",
        description:
          "The CAA identifier of your certificate authority, as its documentation gives it (letsencrypt.org, digicert.com, sectigo.com, pki.goog...). The full report fills it in from the certificate in use.",
      },
    ],
  });

/** `dns.caa.syntax`: the records no CA can read, or that forbid every CA, removed. */
export const caaSyntaxFix: DnsFix = (finding, _data, { domain }) => {
  const details = detailsOf(finding);
  const owner = typeof details.owner === "string" ? details.owner : domain;
  const bad = [
    ...new Set([...stringsAt(details.criticalUnknown), ...stringsAt(details.malformedRecords)]),
  ];
  if (bad.length === 0) return undefined;
  return remediation({
    summary: `Remove the CAA records of ${owner} that are malformed or carry an unknown critical tag: ${bad.join(", ")}.`,
    changes: bad.map((value) =>
      dnsRecordChange({ action: "remove", owner, type: "CAA", ttl: 3600, value }),
    ),
    steps: ['If a removed record was meant to allow a CA, add it again as 0 issue "ca.example".'],
    references: [rfc(8659, "4")],
  });
};

/** `dns.mx.present`: a null MX when the domain takes no mail; one MX set on every server. */
export const mxPresentFix: DnsFix = (finding, _data, { domain }) =>
  serverSetsFix({ finding, domain, what: "MX set" }) ??
  remediation({
    summary: `Say whether ${domain} takes mail: a null MX if it does not.`,
    changes: [
      dnsRecordChange({ action: "add", owner: domain, type: "MX", ttl: 3600, value: "0 ." }),
    ],
    steps: [
      `If ${domain} does receive mail, publish MX records naming its mail servers instead of the null MX.`,
    ],
    references: [rfc(7505), rfc(5321, "5.1")],
  });

/** `dns.mx.valid`: MX records pointing at an alias point at its target instead. */
export const mxValidFix: DnsFix = (finding, data, { domain }) => {
  const targets = (detailsOf(finding).targets ?? []) as {
    host: string;
    cname: string | null;
    addresses: string[];
  }[];
  const changes: RemediationChange[] = [];
  const steps: string[] = [];
  for (const target of targets) {
    const record = data.records.MX.find((mx) => mx.exchange === target.host);
    if (target.cname !== null && record) {
      changes.push(
        dnsRecordChange({
          action: "replace",
          owner: domain,
          type: "MX",
          ttl: record.ttl,
          value: `${record.preference} ${fqdn(target.cname)}`,
          replaces: [`${record.preference} ${fqdn(record.exchange)}`],
        }),
      );
    } else if (net.isIP(target.host) !== 0) {
      steps.push(
        `Give the mail server at ${target.host} a host name with an A or AAAA record and name it in the MX record.`,
      );
    } else if (target.addresses.length === 0) {
      steps.push(`Publish the address of ${target.host}, or remove its MX record.`);
    }
  }
  const nullMx = data.records.MX.length === 1 ? data.records.MX[0]! : undefined;
  if (nullMx?.exchange === "." && nullMx.preference !== 0) {
    changes.push(
      dnsRecordChange({
        action: "replace",
        owner: domain,
        type: "MX",
        ttl: nullMx.ttl,
        value: "0 .",
        replaces: [`${nullMx.preference} .`],
      }),
    );
  }
  if (data.records.MX.some((mx) => mx.exchange === ".") && data.records.MX.length > 1) {
    steps.push(
      "A null MX must stand alone: remove it, or remove the other MX records if the domain takes no mail.",
    );
  }
  if (changes.length === 0 && steps.length === 0) return undefined;
  return remediation({
    summary: `Make every MX record of ${domain} name a host with its own address records.`,
    changes,
    steps,
    references: [rfc(5321, "5.1"), rfc(2181, "10.3"), rfc(7505, "3")],
  });
};

/** A serial after `serial`: today's YYYYMMDDnn when the zone counts that way, else one more. */
function nextSerial(serial: number, now = new Date()): number {
  const today = Number(now.toISOString().slice(0, 10).replace(/-/g, "")) * 100;
  const datelike = serial >= 1_990_000_000 && serial <= 2_099_123_199;
  if (datelike && today > serial && today < 4_294_967_296) return today;
  return (serial + 1) % 4_294_967_296;
}

/** The SOA of a zone apex, with the changes given and the serial advanced. */
function soaChange(
  data: Parameters<DnsFix>[1],
  domain: string,
  fields: Partial<{
    mname: string;
    rname: string;
    refresh: number;
    retry: number;
    expire: number;
    minimum: number;
  }>,
): RemediationChange | undefined {
  const soa = data.records.SOA;
  if (!soa) return undefined;
  const next = { ...soa, ...fields, serial: nextSerial(soa.serial) };
  const value = (s: typeof soa) =>
    `${fqdn(s.mname)} ${fqdn(s.rname)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minimum}`;
  return dnsRecordChange({
    action: "replace",
    owner: domain,
    type: "SOA",
    ttl: soa.ttl,
    value: value(next),
    replaces: [value(soa)],
  });
}

const within = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** `dns.soa.timers`: each timer moved into Zonemaster's ranges, the serial advanced. */
export const soaTimersFix: DnsFix = (_finding, data, { domain }) => {
  const soa = data.records.SOA;
  if (!soa) return undefined;
  const t = soaThresholds;
  const refresh = Math.max(soa.refresh, t.minRefresh);
  const retry = soa.retry >= t.minRetry && soa.retry < refresh ? soa.retry : t.minRetry;
  const expire = Math.max(soa.expire, t.minExpire, refresh);
  const minimum = within(soa.minimum, t.minMinimum, t.maxMinimum);
  const change = soaChange(data, domain, { refresh, retry, expire, minimum });
  if (!change) return undefined;
  return remediation({
    summary: `Set the SOA timers of ${domain} to refresh ${refresh}, retry ${retry}, expire ${expire}, minimum ${minimum}, with the serial advanced so secondaries take the change.`,
    changes: [change],
    steps: [
      "With a DNS provider, set the same timers in its SOA settings; it advances the serial itself.",
    ],
    references: [
      rfc(1912, "2.2"),
      "https://github.com/zonemaster/zonemaster/blob/master/docs/public/specifications/tests/Zone-TP/zone02.md",
    ],
  });
};

/** `dns.soa.syntax`: RNAME as a DNS mailbox, MNAME as the primary name server's host name. */
export const soaSyntaxFix: DnsFix = (_finding, data, { domain }) => {
  const soa = data.records.SOA;
  if (!soa) return undefined;
  const [local, mailDomain] = soa.rname.includes("@")
    ? [soa.rname.slice(0, soa.rname.indexOf("@")), soa.rname.slice(soa.rname.indexOf("@") + 1)]
    : [null, null];
  const rname =
    local !== null && mailDomain ? `${local.replace(/\./g, "\\.")}.${mailDomain}` : soa.rname;
  const hostname = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
  const mname = hostname.test(soa.mname) ? soa.mname : (data.records.NS[0]?.host ?? soa.mname);
  if (rname === soa.rname && mname === soa.mname) return undefined;
  const change = soaChange(data, domain, { rname, mname });
  if (!change) return undefined;
  return remediation({
    summary: `Write the SOA of ${domain} with ${rname !== soa.rname ? `RNAME ${rname} (the mailbox in DNS form)` : ""}${rname !== soa.rname && mname !== soa.mname ? " and " : ""}${mname !== soa.mname ? `MNAME ${mname}` : ""}.`,
    changes: [change],
    references: [rfc(1035, "3.3.13")],
  });
};

/** `dns.zone.cname-conflict`: the alias replaced by the addresses it leads to today. */
export const cnameConflictFix: DnsFix = (_finding, data, { domain }) => {
  const alias = data.records.CNAME[0];
  if (!alias) return undefined;
  const addresses = [
    ...data.records.A.map((record) => ["A", record.address] as const),
    ...data.records.AAAA.map((record) => ["AAAA", record.address] as const),
  ];
  return remediation({
    summary: `Remove the CNAME of ${domain} (to ${alias.target}), which cannot share its name with other records, and publish the addresses it leads to today.`,
    changes: [
      dnsRecordChange({
        action: "remove",
        owner: domain,
        type: "CNAME",
        ttl: alias.ttl,
        value: fqdn(alias.target),
      }),
      ...addresses.map(([type, address]) =>
        dnsRecordChange({ action: "add", owner: domain, type, ttl: alias.ttl, value: address }),
      ),
    ],
    steps: [
      `Where your DNS provider offers an ALIAS or ANAME record (or CNAME flattening), point it at ${alias.target} instead of copying the addresses, so they follow its changes.`,
    ],
    references: [rfc(1034, "3.6.2"), rfc(2181, "10.1")],
  });
};
