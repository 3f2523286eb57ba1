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
    when: "fail: `_mta-sts` is published but the policy cannot be fetched over trusted HTTPS or does not parse",
  },
  "mail.mta-sts.mx-coverage": {
    when: "fail: the policy is `enforce` or `testing` and an MX matches none of its `mx` patterns",
  },
  "mail.tls-rpt.valid": {
    when: "warn: `_smtp._tls` is published but names no `rua`, or a `rua` that is neither `mailto:` nor `https:`; info when absent",
  },
  "mail.dkim.keys": {
    when: "fail: an RSA key under a probed selector is below 1024 bits; warn below 2048 or `t=y`; info when none is found (selectors cannot be listed)",
  },
  "mail.bimi.record": {
    when: "info: what `default._bimi` publishes (logo and authority URLs)",
  },
} satisfies Record<MailFindingId, FindingReference>;
