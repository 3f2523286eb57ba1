import type { Remediation } from "../../contract/remediation.js";
import { isTlsRptRecord, parseTlsRptRecord } from "../mail-policy/tls-rpt-record.js";
import { remediation, timestampId } from "./build.js";
import { withTag, writeTags } from "./mail-policy-text.js";
import { rfc } from "./references.js";
import { dnsRecordChange, txtValue } from "./zone-line.js";

const policyTtl = 3600;

/** An MTA-STS policy file (RFC 8461 3.2), lines ended by CRLF. */
export function mtaStsPolicyText(options: {
  mode: "testing" | "enforce";
  mx: readonly string[];
  maxAge: number;
}): string {
  return [
    "version: STSv1",
    `mode: ${options.mode}`,
    ...options.mx.map((host) => `mx: ${host}`),
    `max_age: ${options.maxAge}`,
    "",
  ].join("\r\n");
}

/**
 * MTA-STS for the domain's MX hosts, in two stages: the policy in `testing` mode with its
 * `_mta-sts` record, then `enforce` with a new id (senders fetch a policy again only when the
 * id changes). `present` is the `_mta-sts` record published now, replaced rather than added.
 */
export function mtaStsFix(options: {
  domain: string;
  mx: readonly string[];
  present: readonly string[];
  summary: string;
}): Remediation | undefined {
  const { domain, mx } = options;
  if (mx.length === 0) return undefined;
  const owner = `_mta-sts.${domain}`;
  const id = timestampId();
  const record = (value: string, stage: number, replaces: readonly string[]) =>
    dnsRecordChange({
      action: replaces.length > 0 ? "replace" : "add",
      owner,
      type: "TXT",
      ttl: policyTtl,
      value: txtValue(value),
      ...(replaces.length > 0 ? { replaces: replaces.map(txtValue) } : {}),
      stage,
    });
  const file = (mode: "testing" | "enforce", maxAge: number, stage: number) => ({
    kind: "file" as const,
    url: `https://mta-sts.${domain}/.well-known/mta-sts.txt`,
    path: "/.well-known/mta-sts.txt",
    contentType: "text/plain",
    content: mtaStsPolicyText({ mode, mx, maxAge }),
    stage,
  });
  const testing = `v=STSv1; id=${id}`;
  const enforcing = `v=STSv1; id=${id}2`;
  return remediation({
    summary: options.summary,
    changes: [
      file("testing", 86_400, 1),
      record(testing, 1, options.present),
      file("enforce", 604_800, 2),
      record(enforcing, 2, [testing]),
    ],
    steps: [
      `Serve the policy at https://mta-sts.${domain}/.well-known/mta-sts.txt over HTTPS with a certificate valid for mta-sts.${domain} (no redirect), then publish the _mta-sts record.`,
      "Stage 1 runs in testing mode: senders report failures (TLS-RPT) but still deliver. Once the reports show every sender reaching your MX hosts over TLS (a week or two), publish stage 2: enforce, with the new id.",
      "List every MX host in the policy whenever the MX records change, and change the id with it.",
    ],
    references: [rfc(8461, "3"), rfc(8460)],
  });
}

/**
 * One valid TLS-RPT record (RFC 8460 3): the reporting addresses of an existing record kept,
 * else a mailbox the user names.
 */
export function tlsRptFix(options: {
  domain: string;
  present: readonly string[];
  summary: string;
}): Remediation {
  // The reporting URIs already published that senders would use, invalid ones left out.
  const kept = options.present
    .filter(isTlsRptRecord)
    .map((record) => parseTlsRptRecord(record).rua.join(","))
    .filter((rua) => rua !== "");
  const rua = kept[0] ?? "mailto:{{tlsReportMailbox}}";
  const value = writeTags(withTag([["v", "TLSRPTv1"]], "rua", rua));
  const replacing = options.present.length > 0;
  return remediation({
    summary: options.summary,
    changes: [
      dnsRecordChange({
        action: replacing ? "replace" : "add",
        owner: `_smtp._tls.${options.domain}`,
        type: "TXT",
        ttl: policyTtl,
        value: txtValue(value),
        ...(replacing ? { replaces: options.present.map(txtValue) } : {}),
      }),
    ],
    references: [rfc(8460, "3")],
    parameters:
      kept.length > 0
        ? []
        : [
            {
              name: "tlsReportMailbox",
              description:
                "The mailbox that receives daily TLS reports from senders (an address you read or a report service's).",
            },
          ],
  });
}
