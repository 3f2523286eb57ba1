import { deletionStatuses } from "./epp-status.js";
import type { WhoisData } from "./whois-data.js";
import { expiryFailMs, expiryWarnMs } from "./whois-findings.js";

const minuteMs = 60_000;
export const settledTtlMs = 6 * 60 * minuteMs;
export const unsettledTtlMs = 60 * minuteMs;
export const minTtlMs = minuteMs;

/**
 * How long a registration result stays fresh: 6 h for a settled registration; 1 h for a name
 * that is unregistered (it may be registered any moment), being deleted, or expiring within
 * 30 days. A result never outlives the moment an expiry finding would flip (30 days, 7 days and
 * 0 before expiry), and never lasts under a minute, so a name at a boundary is not probed in a loop.
 */
export function whoisTtlMs(options: { data: WhoisData; now: number }): number {
  const { data, now } = options;
  if (!data.registered) return unsettledTtlMs;
  if (data.statuses.some((status) => deletionStatuses.includes(status.code))) {
    return unsettledTtlMs;
  }
  if (data.expiresAt === null) return settledTtlMs;
  const untilExpiry = Date.parse(data.expiresAt) - now;
  let ttl = untilExpiry <= expiryWarnMs ? unsettledTtlMs : settledTtlMs;
  for (const threshold of [expiryWarnMs, expiryFailMs, 0]) {
    const untilThreshold = untilExpiry - threshold;
    if (untilThreshold > 0) ttl = Math.min(ttl, untilThreshold);
  }
  return Math.max(minTtlMs, Math.round(ttl));
}
