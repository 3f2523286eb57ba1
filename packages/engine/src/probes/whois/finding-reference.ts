import type { FindingReference } from "../../contract/finding-reference.js";
import type { WhoisFindingId } from "./whois-findings.js";

/**
 * When each finding does not pass: the engine README's table of whois findings is generated
 * from this one (`pnpm references`). The first five are reported every time; the last two only
 * when what they describe happened.
 */
export const whoisFindingReference = {
  "whois.domain.not-registered": {
    when: 'info: the registry has no record of the name (an RDAP 404, a WHOIS "No match")',
  },
  "whois.domain.expired": {
    when: "fail: the registration's expiry date has passed",
  },
  "whois.domain.expiring-soon": {
    when: "warn: it expires within 30 days; fail: within 7",
  },
  "whois.domain.pending-delete": {
    when: "fail: a `redemptionPeriod`, `pendingDelete` or `pendingRestore` status",
    reference: "RFC 3915, RFC 8056",
  },
  "whois.domain.transfer-unlocked": {
    when: "info: no `*TransferProhibited` status; skipped when the registry gives no statuses",
  },
  "whois.parse.incomplete": {
    when: "warn (only then): a WHOIS answer from which some of registrar, created, expires and name servers could not be read (`details.missing`; the text in `data.raw`)",
  },
  "whois.lookup.partial": {
    when: "skipped (only then): part of the lookup ran out of time after the registry answered (`details` names the servers)",
  },
} satisfies Record<WhoisFindingId, FindingReference>;
