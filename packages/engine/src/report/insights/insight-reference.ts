import type { FindingReference } from "../../contract/finding-reference.js";
import type { InsightId } from "./insight.js";

/**
 * When each insight of the full report does not pass: the engine README's table of insights is
 * generated from this one (`pnpm references`), in `insightIds` order.
 */
export const insightReference = {
  "report.caa.issuer-not-allowed": {
    when: "warn: the CA that issued the certificate in use is not allowed by the domain's CAA `issue` records (RFC 8659), or a critical unknown tag forbids every CA: its next issuance will be refused",
  },
  "report.cert-outlives-domain": {
    when: "warn: the registration expires before the certificate's `notAfter`",
  },
  "report.nameservers.mismatch": {
    when: "warn: the registry's name servers differ from the zone's NS records",
  },
  "report.dnssec.mismatch": {
    when: "fail: the registry publishes DS but the zone has no DNSKEY, none matching the DS key tags, or failing `dns.dnssec.*` checks; warn: the zone has DNSKEY records but the registry publishes no DS",
  },
  "report.hsts.certificate-expiring": {
    when: "warn: the site sends a valid HSTS policy while its certificate has 14 days or fewer left: under HSTS a browser offers no way past the error a missed renewal causes",
  },
  "report.mail.mta-sts-unmet": {
    when: "fail: the MTA-STS policy is `enforce` while an MX offers no STARTTLS, fails the handshake, or presents a certificate that is untrusted or for another name",
  },
  "report.mail.dane-dnssec-broken": {
    when: "fail: an MX under the domain publishes TLSA records while a `dns.dnssec.*` check of the zone fails: DANE senders defer its mail",
  },
} satisfies Record<InsightId, FindingReference>;
