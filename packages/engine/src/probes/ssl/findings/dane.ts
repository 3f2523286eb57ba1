import type { Finding } from "../../../contract/finding.js";
import { finding, type SslFindingsInput } from "./finding.js";

/**
 * `ssl.dane.tlsa`: TLSA records for the web site, in a DNSSEC-secure answer, match a
 * certificate the server presents (DANE-EE against the leaf, DANE-TA above it, as for mail).
 * Without records, or when the answer is not secure, there is nothing DANE can say: skipped.
 */
export function daneFinding(input: SslFindingsInput): Finding {
  const { dane } = input.data;
  const details = { owner: dane.owner, records: dane.tlsa.length, secure: dane.secure };
  if (dane.tlsa.length === 0)
    return finding(
      "ssl.dane.tlsa",
      "skipped",
      `Not checked: no TLSA records at ${dane.owner}.`,
      details,
    );
  if (dane.secure !== true) {
    return finding(
      "ssl.dane.tlsa",
      "skipped",
      `Not checked: the TLSA records at ${dane.owner} are not DNSSEC-secure (${dane.reason ?? "unknown"}), so no client may use them.`,
      { ...details, reason: dane.reason },
    );
  }
  if (dane.match === null)
    return finding(
      "ssl.dane.tlsa",
      "skipped",
      "Not checked: the server presented no certificate.",
      details,
    );
  if (!dane.match) {
    return finding(
      "ssl.dane.tlsa",
      "fail",
      `The secure TLSA records at ${dane.owner} match no certificate ${input.domain} presents: DANE clients refuse the site. Publish records for the current certificate or key before deploying it.`,
      details,
    );
  }
  return finding(
    "ssl.dane.tlsa",
    "pass",
    `A secure TLSA record at ${dane.owner} matches the certificate chain ${input.domain} presents.`,
    details,
  );
}
