import type { FindingReference } from "../../contract/finding-reference.js";
import type { HostingFindingId } from "./hosting-findings.js";

/**
 * When each finding does not pass: the engine README's table of hosting findings is generated
 * from this one (`pnpm references`), in `hostingFindingIds` order.
 */
export const hostingFindingReference = {
  "hosting.rpki.valid": {
    when: "fail: a route is RPKI-invalid (a ROA covers the prefix for another AS or a shorter max length); warn: a route no ROA covers; pass: every route valid; skipped without `rpki.rtr`, when the cache gave no complete set in time, or when no route is known",
  },
  "hosting.ipv6.web": {
    when: "pass: an AAAA of the domain or `www.` accepts TCP on 443; warn: no AAAA; fail: AAAA published but none answers; skipped when the addresses may not be tried (address policy)",
  },
  "hosting.ipv6.mail": {
    when: "pass: every MX host has an AAAA; warn: some or none do (reachability on 25 is not tried: clouds block it); skipped without MX",
  },
  "hosting.network.single-provider": {
    when: "info: DNS, mail and web (those with addresses) are all in one AS; pass: several; skipped with fewer than two roles or an unknown network",
  },
} satisfies Record<HostingFindingId, FindingReference>;
