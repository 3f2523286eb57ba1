import type { RemediationChange } from "../../contract/remediation.js";
import {
  type Fix,
  type RemediationTable,
  type SectionFixes,
  topLevelFixes,
} from "../../contract/with-remediations.js";
import {
  remediation,
  stepsOnly,
  stringsAt,
  timestampId,
} from "../../protocols/remediation/build.js";
import { newCertificateStep } from "../../protocols/remediation/certificate-step.js";
import {
  mtaStsFix,
  mtaStsPolicyText,
  tlsRptFix,
} from "../../protocols/remediation/mail-policies.js";
import { readTags, withoutTag, writeTags } from "../../protocols/remediation/mail-policy-text.js";
import { rfc } from "../../protocols/remediation/references.js";
import { tlsaChange, tlsaReferences, tlsaSteps } from "../../protocols/remediation/tlsa-change.js";
import { dnsRecordChange, txtValue } from "../../protocols/remediation/zone-line.js";
import type { MailData } from "./declaration.js";

type MailFix = Fix<MailData>;

const mxHosts = (data: MailData) =>
  [...data.mx.records]
    .sort((a, b) => a.preference - b.preference)
    .map((record) => record.exchange)
    .filter((host) => host !== ".");

/** The MX hosts a finding's `problems` name (`host (address)`), else every MX host. */
function hostsWithProblems(details: Record<string, unknown> | undefined, data: MailData) {
  const problems = Array.isArray(details?.problems)
    ? (details.problems as { endpoint: string }[])
    : [];
  const named = problems.map((problem) => problem.endpoint.replace(/ \(.*\)$/, ""));
  return named.length > 0 ? [...new Set(named)] : mxHosts(data);
}

/** `mail.starttls.certificate`: a certificate for each MX host whose certificate fails. */
const mxCertificate: MailFix = (finding, data) =>
  remediation({
    summary: "Give each MX a current certificate from a public CA for its own name.",
    steps: [
      ...hostsWithProblems(finding.details, data).map((host) => newCertificateStep([host])),
      "Renew each before it expires (ACME clients do it by themselves).",
    ],
    references: [rfc(8461, "4.2"), rfc(7672, "3.1")],
  });

/** `mail.mx.present`: a null MX when the domain takes no mail. */
const mxPresent: MailFix = (_finding, _data, { domain }) =>
  remediation({
    summary: `Say whether ${domain} takes mail: a null MX if it does not, MX records for its mail servers if it does.`,
    changes: [
      dnsRecordChange({ action: "add", owner: domain, type: "MX", ttl: 3600, value: "0 ." }),
    ],
    steps: [`If ${domain} does receive mail, publish MX records naming its mail servers instead.`],
    references: [rfc(7505), rfc(5321, "5.1")],
  });

/** `mail.dane.tlsa`: the TLSA records of each MX made the certificate it presents. */
const daneTlsa: MailFix = (_finding, data) => {
  const changes: RemediationChange[] = [];
  for (const host of data.hosts) {
    if (!host.tlsaDnssec?.secure) continue;
    const presented = host.endpoints.find((endpoint) => endpoint.tlsaMatch === false)?.tls
      ?.certificate;
    if (!presented) continue;
    changes.push(
      tlsaChange(`_${data.smtp.port}._tcp.${host.host}`, presented.fingerprint256, host.tlsa),
    );
  }
  if (changes.length === 0) return undefined;
  return remediation({
    summary:
      "Publish TLSA records matching the certificate each MX presents (DANE-EE, SHA-256 of the certificate).",
    changes,
    steps: tlsaSteps("MX"),
    references: [rfc(7672, "3"), ...tlsaReferences],
  });
};

/** `mail.mta-sts.policy`: a policy the domain's MX hosts pass, testing first, then enforce. */
const mtaStsPolicy: MailFix = (_finding, data, { domain }) =>
  mtaStsFix({
    domain,
    mx: mxHosts(data),
    present: data.mtaSts.record === null ? [] : [data.mtaSts.record],
    summary: `Serve a valid MTA-STS policy for ${domain} listing its MX hosts (${mxHosts(data).join(", ")}), in testing mode first, then enforce; change the _mta-sts id with it.`,
  });

/** `mail.mta-sts.mx-coverage`: the policy's mx lines made to cover every MX, under a new id. */
const mtaStsCoverage: MailFix = (finding, data, { domain }) => {
  const policy = data.mtaSts.policy;
  const record = data.mtaSts.record;
  if (!policy || policy.mode === null || policy.mode === "none" || record === null)
    return undefined;
  const uncovered = stringsAt(finding.details?.uncovered);
  const mx = [...policy.mx, ...uncovered];
  const tags = readTags(record);
  const id = timestampId();
  return remediation({
    summary: `Add ${uncovered.join(", ")} to the MTA-STS policy of ${domain} and change the policy id, so senders fetch it again.`,
    changes: [
      {
        kind: "file",
        url: `https://mta-sts.${domain}/.well-known/mta-sts.txt`,
        path: "/.well-known/mta-sts.txt",
        contentType: "text/plain",
        content: mtaStsPolicyText({ mode: policy.mode, mx, maxAge: policy.maxAge ?? 604_800 }),
      },
      dnsRecordChange({
        action: "replace",
        owner: `_mta-sts.${domain}`,
        type: "TXT",
        ttl: 3600,
        value: txtValue(writeTags([...withoutTag(tags, "id"), ["id", id]])),
        replaces: [txtValue(record)],
      }),
    ],
    references: [rfc(8461, "3.2"), rfc(8461, "4.1")],
  });
};

/** `mail.tls-rpt.valid`: one valid record, its reporting address kept where there is one. */
const tlsRptValid: MailFix = (_finding, data, { domain }) =>
  tlsRptFix({
    domain,
    present: data.tlsRpt ? [data.tlsRpt.record] : [],
    summary: `Publish a valid TLS-RPT record at _smtp._tls.${domain}.`,
  });

/** `mail.dkim.keys`: keys out of testing mode; short keys replaced (a new key pair: steps). */
const dkimKeys: MailFix = (_finding, data, { domain }) => {
  const live = data.dkim.keys.filter((key) => !key.revoked);
  const testing = live.filter((key) => key.testing);
  const short = live.filter(
    (key) => key.keyType === "rsa" && key.keyBits !== null && key.keyBits < 2048,
  );
  const changes = testing
    .filter((key) => !short.includes(key))
    .map((key) => {
      const tags = readTags(key.record);
      const flags = (tags.find(([name]) => name.toLowerCase() === "t")?.[1] ?? "")
        .split(":")
        .map((flag) => flag.trim())
        .filter((flag) => flag !== "" && flag.toLowerCase() !== "y");
      const kept =
        flags.length > 0
          ? tags.map((tag): [string, string] =>
              tag[0].toLowerCase() === "t" ? [tag[0], flags.join(":")] : tag,
            )
          : withoutTag(tags, "t");
      return dnsRecordChange({
        action: "replace",
        owner: `${key.selector}._domainkey.${domain}`,
        type: "TXT",
        ttl: 3600,
        value: txtValue(writeTags(kept)),
        replaces: [txtValue(key.record)],
      });
    });
  return remediation({
    summary:
      short.length > 0
        ? `Replace the DKIM keys below 2048 bits (${short.map((key) => key.selector).join(", ")}) with new 2048-bit RSA keys${changes.length > 0 ? ", and take the others out of testing mode" : ""}.`
        : `Take the DKIM keys of ${domain} out of testing mode (t=y): receivers treat their failures as unsigned mail.`,
    changes,
    steps:
      short.length > 0
        ? [
            "Generate a 2048-bit RSA key pair for a new selector in the signing service (opendkim-genkey -b 2048 -s NEWSELECTOR, or the provider's DKIM settings), publish its record (v=DKIM1; k=rsa; p=...) at NEWSELECTOR._domainkey, switch signing to it, then revoke the old selector's record (p=).",
          ]
        : [],
    references: [rfc(6376, "3.6.1"), rfc(8301)],
  });
};

const steps = stepsOnly<MailData>;

/** The mail section's fixes, by finding id. */
export const mailRemediations: RemediationTable<MailData> = {
  "mail.mx.present": mxPresent,
  "mail.smtp.reachable": steps(
    "Make at least one MX answer SMTP on port 25.",
    [
      "Check that the mail server runs and that port 25 is open to the internet on every MX address.",
    ],
    [rfc(5321, "3.1")],
  ),
  "mail.starttls.offered": steps(
    "Offer STARTTLS on every MX.",
    [
      "Postfix: smtpd_tls_security_level = may with smtpd_tls_chain_files set; Exim: tls_advertise_hosts = * with tls_certificate and tls_privatekey; Exchange: a certificate assigned to the SMTP service.",
    ],
    [rfc(3207)],
  ),
  "mail.starttls.certificate": mxCertificate,
  "mail.dane.tlsa": daneTlsa,
  "mail.mta-sts.policy": mtaStsPolicy,
  "mail.mta-sts.mx-coverage": mtaStsCoverage,
  "mail.tls-rpt.valid": tlsRptValid,
  "mail.dkim.keys": dkimKeys,
};

/** The table and where the mail section keeps its findings. */
export const mailFixes: SectionFixes<MailData> = topLevelFixes(mailRemediations);
