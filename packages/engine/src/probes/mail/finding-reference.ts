import type { FindingReference } from "../../contract/finding-reference.js";
import type { MailFindingId } from "./mail-findings.js";

/**
 * When each finding does not pass: the engine README's table of mail findings is generated
 * from this one (`pnpm references`), in `mailFindingIds` order.
 */
export const mailFindingReference = {
  "mail.mx.present": {
    when: "fail: no MX and no null MX (a null MX, RFC 7505, passes)",
  },
  "mail.smtp.reachable": {
    when: "warn: no MX address answers SMTP with a banner",
  },
  "mail.starttls.offered": {
    when: "fail: an MX that answered EHLO does not offer STARTTLS",
  },
  "mail.starttls.certificate": {
    when: "warn: a certificate after STARTTLS is untrusted, expired or for another name, or the handshake fails; fail under MTA-STS `enforce` or secure TLSA records (a secure DANE match authenticates by itself)",
  },
  "mail.dane.tlsa": {
    when: "fail: secure TLSA records match no certificate the MX presents; skipped without TLSA or when the answer is not DNSSEC-secure",
  },
  "mail.mta-sts.policy": {
    when: "fail: `_mta-sts` is published but the policy cannot be fetched over trusted HTTPS, is not served as `text/plain` (RFC 8461 3.2) or does not parse; skipped, and nothing fetched, for a record without a valid `id=` (senders ignore it, RFC 8461 3.1; `dns.mta-sts.present` warns about it, both read the record with `protocols/mail-policy/`)",
  },
  "mail.mta-sts.mx-coverage": {
    when: "fail: the policy is `enforce` or `testing` and an MX matches none of its `mx` patterns",
  },
  "mail.tls-rpt.valid": {
    when: "warn: `_smtp._tls` is published but senders would not use it (RFC 8460 3: several `v=TLSRPTv1` records, no `rua`, a `rua` URI neither `mailto:` nor `https:`, a field that is not `name=value`); info when absent (`v=TLSRPTv1` is case-sensitive and first); unknown extensions are ignored; `dns.tls-rpt.present` reads the record with the same reader (`protocols/mail-policy/`)",
  },
  "mail.dkim.keys": {
    when: "fail: an RSA key under a probed selector is below 1024 bits; warn below 2048 or `t=y`; info when none is found (selectors cannot be listed)",
  },
  "mail.bimi.record": {
    when: "info: what `default._bimi` publishes (logo and authority URLs)",
  },
} satisfies Record<MailFindingId, FindingReference>;
