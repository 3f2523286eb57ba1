import { type Finding, type FindingStatus, makeFinding } from "../../contract/finding.js";
import type { MailData, MailEndpoint } from "./declaration.js";
import { mxMatchesPattern } from "./mail-records.js";

/** The ids this section always reports, in this order. */
export const mailFindingIds = [
  "mail.mx.present",
  "mail.smtp.reachable",
  "mail.starttls.offered",
  "mail.starttls.certificate",
  "mail.dane.tlsa",
  "mail.mta-sts.policy",
  "mail.mta-sts.mx-coverage",
  "mail.tls-rpt.valid",
  "mail.dkim.keys",
  "mail.bimi.record",
] as const;

export type MailFindingId = (typeof mailFindingIds)[number];

const finding = (
  id: MailFindingId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding => makeFinding(id, status, message, details);

const skipped = (id: MailFindingId, reason: string): Finding =>
  finding(id, "skipped", `Not checked: ${reason}.`, { reason });

interface Seen {
  host: string;
  endpoint: MailEndpoint;
}

/** Every finding of the section, in `mailFindingIds` order. */
export function mailFindings(options: {
  domain: string;
  data: Omit<MailData, "findings">;
  now: number;
}): Finding[] {
  const { data } = options;
  const seen: Seen[] = data.hosts.flatMap((host) =>
    host.endpoints.map((endpoint) => ({ host: host.host, endpoint })),
  );
  const smtpSkip = smtpSkipReason(data);
  const enforced = data.mtaSts.policy?.mode === "enforce" && data.mtaSts.problem === null;
  return [
    mxPresent(options.domain, data),
    smtpSkip ? skipped("mail.smtp.reachable", smtpSkip) : smtpReachable(seen),
    smtpSkip ? skipped("mail.starttls.offered", smtpSkip) : starttlsOffered(seen),
    smtpSkip
      ? skipped("mail.starttls.certificate", smtpSkip)
      : starttlsCertificate(seen, enforced, daneHosts(data)),
    daneTlsa(data, seen),
    mtaStsPolicy(data),
    mtaStsCoverage(data),
    tlsRpt(data),
    dkimKeys(data),
    bimiRecord(data),
  ];
}

function smtpSkipReason(data: Omit<MailData, "findings">): string | null {
  if (data.mx.nullMx) return "the domain publishes a null MX and takes no mail";
  if (data.mx.records.length === 0) return "the domain has no MX record";
  if (!data.smtp.enabled) return "SMTP probing is turned off (mail.smtp: false)";
  const hosts = data.hosts;
  if (hosts.every((host) => host.endpoints.length === 0)) {
    if (hosts.some((host) => host.refusedAddresses.length > 0)) {
      return "every MX address is non-public and network.allowPrivateAddresses is not set";
    }
    return "no MX host has an address";
  }
  const ran = hosts.flatMap((host) => host.endpoints);
  if (ran.every((endpoint) => endpoint.error?.code === "ABORT_ERR")) {
    return "the run's deadline passed before any MX could be asked";
  }
  return null;
}

function mxPresent(domain: string, data: Omit<MailData, "findings">): Finding {
  if (data.mx.nullMx) {
    return finding(
      "mail.mx.present",
      "pass",
      `${domain} publishes a null MX (RFC 7505): it takes no mail.`,
      { nullMx: true },
    );
  }
  if (data.mx.records.length === 0) {
    return finding(
      "mail.mx.present",
      "fail",
      `${domain} has no MX record: senders fall back to its address record, or give up.`,
    );
  }
  const hosts = data.mx.records.map((record) => record.exchange);
  return finding("mail.mx.present", "pass", `${domain} receives mail at ${hosts.join(", ")}.`, {
    hosts,
  });
}

const label = ({ host, endpoint }: Seen) => `${host} (${endpoint.address})`;

function smtpReachable(seen: Seen[]): Finding {
  const answering = seen.filter(({ endpoint }) => endpoint.banner !== null);
  const silent = seen.filter(({ endpoint }) => endpoint.banner === null);
  const details = {
    answering: answering.map(label),
    notAnswering: silent.map((entry) => ({
      endpoint: label(entry),
      reason: entry.endpoint.error?.reason ?? null,
      step: entry.endpoint.error?.step ?? null,
    })),
  };
  if (answering.length === 0) {
    return finding(
      "mail.smtp.reachable",
      "warn",
      `No MX address answered SMTP: ${silent.map(describeFailure).join("; ")}.`,
      details,
    );
  }
  const also =
    silent.length > 0
      ? ` ${silent.length} did not: ${silent.map(describeFailure).join("; ")}.`
      : "";
  return finding(
    "mail.smtp.reachable",
    "pass",
    `${answering.length} MX address${answering.length === 1 ? "" : "es"} answered SMTP.${also}`,
    details,
  );
}

function describeFailure({ host, endpoint }: Seen): string {
  const error = endpoint.error;
  if (!error) return `${host} (${endpoint.address})`;
  return `${host} (${endpoint.address}) ${error.reason} at ${error.step}`;
}

function starttlsOffered(seen: Seen[]): Finding {
  const greeted = seen.filter(({ endpoint }) => endpoint.starttls !== null);
  if (greeted.length === 0) return skipped("mail.starttls.offered", "no MX answered EHLO");
  const without = greeted.filter(({ endpoint }) => endpoint.starttls === false);
  if (without.length > 0) {
    return finding(
      "mail.starttls.offered",
      "fail",
      `${without.map(label).join(", ")} ${without.length === 1 ? "does" : "do"} not offer STARTTLS: mail to ${without.length === 1 ? "it" : "them"} travels in clear text.`,
      { without: without.map(label) },
    );
  }
  return finding(
    "mail.starttls.offered",
    "pass",
    `Every MX that answered EHLO offers STARTTLS (${greeted.map(label).join(", ")}).`,
  );
}

/** MX hosts whose TLSA answer is DNSSEC-secure: DANE decides how senders check them. */
function daneHosts(data: Omit<MailData, "findings">): Set<string> {
  return new Set(data.hosts.filter((host) => host.tlsaDnssec?.secure).map((host) => host.host));
}

function starttlsCertificate(seen: Seen[], enforced: boolean, dane: Set<string>): Finding {
  const tried = seen.filter(({ endpoint }) => endpoint.starttls === true);
  if (tried.length === 0) return skipped("mail.starttls.certificate", "no MX offered STARTTLS");
  const problems: { endpoint: string; problems: string[] }[] = [];
  let required = enforced;
  for (const entry of tried) {
    const { tls, error } = entry.endpoint;
    // A secure TLSA match authenticates the server by itself (RFC 7672 3.1): no PKIX needed.
    if (dane.has(entry.host) && entry.endpoint.tlsaMatch === true) continue;
    const found: string[] = [];
    if (!tls) found.push(`the TLS handshake failed (${error?.code ?? "unknown"})`);
    else {
      if (!tls.trusted) found.push(`untrusted (${tls.trustError ?? "no trust path"})`);
      const certificate = tls.certificate;
      if (!certificate) found.push("no certificate");
      else {
        if (certificate.daysRemaining < 0) found.push(`expired on ${certificate.notAfter}`);
        if (tls.hostnameMatch === false) {
          found.push(
            `for ${certificate.subjectAltNames.join(", ") || certificate.subject}, not ${entry.host}`,
          );
        }
      }
    }
    if (found.length > 0) {
      problems.push({ endpoint: label(entry), problems: found });
      if (dane.has(entry.host)) required = true;
    }
  }
  if (problems.length === 0) {
    return finding(
      "mail.starttls.certificate",
      "pass",
      "Every MX that offers STARTTLS presents a trusted, current certificate for its name.",
    );
  }
  const text = problems
    .map((entry) => `${entry.endpoint}: ${entry.problems.join(", ")}`)
    .join("; ");
  return finding(
    "mail.starttls.certificate",
    required ? "fail" : "warn",
    required
      ? `MTA-STS enforce or DANE makes senders check certificates, and they will not deliver to: ${text}.`
      : `Senders that check certificates would refuse: ${text}.`,
    { problems, mtaStsEnforce: enforced, dane: [...dane] },
  );
}

function daneTlsa(data: Omit<MailData, "findings">, seen: Seen[]): Finding {
  const published = data.hosts.filter((host) => host.tlsa.length > 0);
  if (published.length === 0) {
    return skipped("mail.dane.tlsa", "no MX host publishes TLSA records");
  }
  const secure = published.filter((host) => host.tlsaDnssec?.secure);
  if (secure.length === 0) {
    const reasons = published.map(
      (host) => `${host.host}: ${host.tlsaDnssec?.reason ?? "unknown"}`,
    );
    return skipped(
      "mail.dane.tlsa",
      `TLSA records are published but no answer is DNSSEC-secure, so none counts (${reasons.join("; ")})`,
    );
  }
  const secureHosts = new Set(secure.map((host) => host.host));
  const compared = seen.filter(
    ({ host, endpoint }) => secureHosts.has(host) && endpoint.tlsaMatch !== null,
  );
  const details = {
    hosts: secure.map((host) => host.host),
    matched: compared.filter(({ endpoint }) => endpoint.tlsaMatch).map(label),
    unmatched: compared.filter(({ endpoint }) => endpoint.tlsaMatch === false).map(label),
  };
  if (compared.length === 0) {
    return skipped("mail.dane.tlsa", "no MX with secure TLSA records completed a TLS handshake");
  }
  if (details.unmatched.length > 0) {
    return finding(
      "mail.dane.tlsa",
      "fail",
      `Secure TLSA records match no certificate ${details.unmatched.join(", ")} presents: DANE senders will not deliver there.`,
      details,
    );
  }
  return finding(
    "mail.dane.tlsa",
    "pass",
    `Secure TLSA records match the certificates of ${details.matched.join(", ")}.`,
    details,
  );
}

function mtaStsPolicy(data: Omit<MailData, "findings">): Finding {
  const sts = data.mtaSts;
  if (sts.record === null) {
    return skipped("mail.mta-sts.policy", "no _mta-sts TXT record (v=STSv1) is published");
  }
  if (sts.problem !== null) {
    return finding(
      "mail.mta-sts.policy",
      "fail",
      `_mta-sts is published but the policy at ${sts.policyUrl} is unusable: ${sts.problem}.`,
      { url: sts.policyUrl },
    );
  }
  return finding(
    "mail.mta-sts.policy",
    "pass",
    `The MTA-STS policy parses: mode ${sts.policy?.mode}, max_age ${sts.policy?.maxAge}.`,
    { url: sts.policyUrl, mode: sts.policy?.mode ?? null },
  );
}

function mtaStsCoverage(data: Omit<MailData, "findings">): Finding {
  const policy = data.mtaSts.problem === null ? data.mtaSts.policy : null;
  if (!policy) return skipped("mail.mta-sts.mx-coverage", "there is no usable MTA-STS policy");
  if (policy.mode === "none")
    return skipped("mail.mta-sts.mx-coverage", "the policy's mode is none");
  const uncovered = data.mx.records
    .map((record) => record.exchange)
    .filter((host) => !policy.mx.some((pattern) => mxMatchesPattern(host, pattern)));
  const details = { patterns: policy.mx, uncovered };
  if (uncovered.length > 0) {
    return finding(
      "mail.mta-sts.mx-coverage",
      "fail",
      `The MTA-STS policy (${policy.mode}) covers no pattern of ${uncovered.join(", ")}: senders ${policy.mode === "enforce" ? "will not deliver there" : "report failures for it"}.`,
      details,
    );
  }
  return finding(
    "mail.mta-sts.mx-coverage",
    "pass",
    `Every MX matches an mx pattern of the policy (${policy.mx.join(", ")}).`,
    details,
  );
}

function tlsRpt(data: Omit<MailData, "findings">): Finding {
  const record = data.tlsRpt;
  if (!record) {
    return finding(
      "mail.tls-rpt.valid",
      "info",
      "No TLS-RPT record (_smtp._tls): senders have nowhere to report TLS failures.",
    );
  }
  if (!record.valid) {
    return finding(
      "mail.tls-rpt.valid",
      "warn",
      `The TLS-RPT record is invalid: ${record.problem}.`,
      {
        record: record.record,
      },
    );
  }
  return finding("mail.tls-rpt.valid", "pass", `TLS reports go to ${record.rua.join(", ")}.`, {
    rua: record.rua,
  });
}

function dkimKeys(data: Omit<MailData, "findings">): Finding {
  const keys = data.dkim.keys;
  if (keys.length === 0) {
    return finding(
      "mail.dkim.keys",
      "info",
      `No DKIM key under the selectors tried (${data.dkim.selectors.join(", ")}); selectors cannot be listed, so others may exist.`,
    );
  }
  const describe = (key: (typeof keys)[number]) =>
    `${key.selector} (${key.keyType}${key.keyBits === null ? "" : ` ${key.keyBits} bits`}${key.testing ? ", t=y" : ""}${key.revoked ? ", revoked" : ""})`;
  const details = { keys: keys.map(describe) };
  const live = keys.filter((key) => !key.revoked);
  const rsa = (key: (typeof keys)[number]) => key.keyType === "rsa" && key.keyBits !== null;
  const weak = live.filter((key) => rsa(key) && key.keyBits! < 1024);
  if (weak.length > 0) {
    return finding(
      "mail.dkim.keys",
      "fail",
      `DKIM key${weak.length === 1 ? "" : "s"} below 1024 bits, which receivers ignore: ${weak.map(describe).join(", ")}.`,
      details,
    );
  }
  const short = live.filter((key) => rsa(key) && key.keyBits! < 2048);
  const testing = live.filter((key) => key.testing);
  if (short.length > 0 || testing.length > 0) {
    const parts = [
      ...(short.length > 0 ? [`below 2048 bits: ${short.map(describe).join(", ")}`] : []),
      ...(testing.length > 0
        ? [
            `in testing mode (t=y, receivers treat failures as unsigned): ${testing.map(describe).join(", ")}`,
          ]
        : []),
    ];
    return finding("mail.dkim.keys", "warn", `DKIM keys ${parts.join("; ")}.`, details);
  }
  return finding(
    "mail.dkim.keys",
    "pass",
    `DKIM keys found: ${keys.map(describe).join(", ")}.`,
    details,
  );
}

function bimiRecord(data: Omit<MailData, "findings">): Finding {
  const bimi = data.bimi;
  if (!bimi) return finding("mail.bimi.record", "info", "No BIMI record at default._bimi.");
  return finding(
    "mail.bimi.record",
    "info",
    `BIMI: logo ${bimi.location ?? "none"}, authority evidence ${bimi.authority ?? "none"}.`,
    { location: bimi.location, authority: bimi.authority },
  );
}
