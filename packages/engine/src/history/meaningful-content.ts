import { createHash } from "node:crypto";

/**
 * Fields that change from one probe run to the next while the domain does not: timings,
 * counters of days left, DNS TTLs counting down in a resolver's cache, the raw WHOIS text
 * (which carries its own query time), the number of handshakes a scan needed.
 */
const volatileKeys = new Set([
  "durationMs",
  "responseTimeMs",
  "expiresInDays",
  "daysRemaining",
  "ttl",
  "raw",
  "handshakes",
  "failedHandshakes",
]);

interface CheckLike {
  readonly id: string;
  readonly status: string;
}

const isCheckList = (items: readonly unknown[]): items is CheckLike[] =>
  items.length > 0 &&
  items.every(
    (item) =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as CheckLike).id === "string" &&
      typeof (item as CheckLike).status === "string",
  );

/**
 * What a section's data says about the domain, without what varies between identical runs:
 * volatile fields dropped, findings and checks reduced to `{ id: status }` (their messages
 * carry day counts), other arrays sorted (a server rotating its records is no change).
 */
export function meaningfulContent(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (isCheckList(value))
      return Object.fromEntries(value.map((check) => [check.id, check.status]));
    return value
      .map(meaningfulContent)
      .map((item) => [canonicalJson(item), item] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, item]) => item);
  }
  if (typeof value === "object" && value !== null) {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (!volatileKeys.has(key) && field !== undefined) kept[key] = meaningfulContent(field);
    }
    return kept;
  }
  return value;
}

/** JSON with object keys in order, so equal content always has equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const contentDigest = (content: unknown): string =>
  `sha256:${createHash("sha256").update(canonicalJson(content)).digest("hex")}`;
