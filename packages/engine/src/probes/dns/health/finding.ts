import { type Finding, type FindingStatus, makeFinding } from "../../../contract/finding.js";
import { isFailure } from "../../../protocols/dns/session.js";
import type { DnsCheckId } from "./check-ids.js";
import type { HealthFacts, ZoneFacts } from "./facts.js";

export function check(
  id: DnsCheckId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return makeFinding(id, status, message, details);
}

/** A check that could not run; `reason` says why, as a sentence fragment. */
export function skipped(
  id: DnsCheckId,
  reason: string,
  details: Record<string, unknown> = {},
): Finding {
  return check(id, "skipped", `Not checked: ${reason}.`, { ...details, reason });
}

/** Runs a zone-level check once the zone is known; skipped with the reason otherwise. */
export function withZone(
  facts: HealthFacts,
  id: DnsCheckId,
  run: (zone: ZoneFacts) => Finding,
): Finding {
  if (facts.zone === null) return skipped(id, `${facts.domain} does not exist`);
  if (isFailure(facts.zone)) {
    return skipped(id, `the zone of ${facts.domain} could not be found (${facts.zone.message})`);
  }
  return run(facts.zone);
}

/** "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;
