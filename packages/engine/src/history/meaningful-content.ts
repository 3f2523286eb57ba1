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

/** Meaningful content and its canonical JSON, made together. */
export interface Meaningful {
  readonly content: unknown;
  /** canonicalJson(content). */
  readonly json: string;
}

/**
 * What a section's data says about the domain, without what varies between identical runs:
 * volatile fields dropped, findings and checks reduced to `{ id: status }` (their messages
 * carry day counts), other arrays sorted (a server rotating its records is no change).
 * Each node's canonical text is made once, bottom up, and reused by the arrays that sort by it
 * and by the digest: made again at every level, it cost ~600 CPU ms in a 3-minute soak.
 */
export function meaningful(value: unknown): Meaningful {
  if (Array.isArray(value)) {
    if (isCheckList(value)) {
      const content = Object.fromEntries(
        value.map((check) => [check.id, check.status] as const).sort(([a], [b]) => byKey(a, b)),
      );
      return { content, json: canonicalJson(content) };
    }
    const items = value
      .map(meaningful)
      .sort(({ json: a }, { json: b }) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      content: items.map((item) => item.content),
      json: `[${items.map((item) => item.json).join(",")}]`,
    };
  }
  if (typeof value === "object" && value !== null) {
    // Keys in canonical order, so that `JSON.parse(json)` gives back `content` key for key (a
    // store may keep only the text) and diffs list changes in the same order either way.
    const kept: Record<string, unknown> = {};
    const texts: string[] = [];
    for (const key of Object.keys(value).sort(byKey)) {
      const field = (value as Record<string, unknown>)[key];
      if (volatileKeys.has(key) || field === undefined) continue;
      const item = meaningful(field);
      kept[key] = item.content;
      texts.push(`${JSON.stringify(key)}:${item.json}`);
    }
    return { content: kept, json: `{${texts.join(",")}}` };
  }
  return { content: value, json: JSON.stringify(value) ?? "null" };
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

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

/** The digest of a canonical JSON text (`meaningful(data).json`). */
export const jsonDigest = (json: string): string =>
  `sha256:${createHash("sha256").update(json).digest("hex")}`;
