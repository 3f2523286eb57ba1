import type { DnsData } from "./declaration.js";

const minute = 60_000;
export const MIN_TTL_MS = minute;
export const MAX_TTL_MS = 60 * minute;
/** For NXDOMAIN and empty answers: long enough to spare the resolvers, short enough to notice a new name. */
export const NEGATIVE_TTL_MS = 5 * minute;

/**
 * How long DNS data stays fresh: the smallest record TTL, bounded to [1 min, 1 h]. The health
 * assessment is as old as the records it judges, so it shares their lifetime.
 */
export function dnsTtlMs(data: DnsData): number {
  if (!data.exists) return NEGATIVE_TTL_MS;
  const { SOA, mailPolicies, ...lists } = data.records;
  const sets: { ttl: number }[][] = [...Object.values(lists), ...Object.values(mailPolicies)];
  const ttls = sets.flatMap((records) => records.map((record) => record.ttl));
  if (SOA) ttls.push(SOA.ttl);
  if (ttls.length === 0) return NEGATIVE_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Math.min(...ttls) * 1000));
}
