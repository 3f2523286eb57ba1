/**
 * A section's mark read from the meaningful content history keeps (history/meaningful-content.ts),
 * where every list of findings or checks became `{ id: status }`. Read generically, so a
 * section added to the engine gets its mark without a change here.
 */
export interface SectionMark {
  /** The worst finding: `fail`, else `warn`, else `ok`. */
  readonly mark: "ok" | "warn" | "fail";
  /** The section's own grade (`ssl.grade`, `dns.health.grade`), when it has one. */
  readonly grade: string | null;
  /** Finding ids failing and warning (an id seen on several hosts counts once, at its worst). */
  readonly fail: number;
  readonly warn: number;
}

const statusRank: Readonly<Record<string, number>> = {
  skipped: 0,
  info: 0,
  pass: 0,
  warn: 1,
  fail: 2,
};
const findingId = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An object that is a reduced check list: dotted ids to statuses, nothing else. */
function isCheckMap(value: Record<string, unknown>): boolean {
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(
      ([key, status]) =>
        findingId.test(key) && typeof status === "string" && statusRank[status] !== undefined,
    )
  );
}

function collectStatuses(content: unknown, worst: Map<string, number>, depth: number): void {
  // Findings sit near the top; deeper values are facts (records, chains).
  if (depth > 5) return;
  if (Array.isArray(content)) {
    for (const item of content) collectStatuses(item, worst, depth + 1);
    return;
  }
  if (!isRecord(content)) return;
  if (isCheckMap(content)) {
    for (const [id, status] of Object.entries(content)) {
      worst.set(id, Math.max(worst.get(id) ?? 0, statusRank[status as string]!));
    }
    return;
  }
  for (const value of Object.values(content)) collectStatuses(value, worst, depth + 1);
}

/** `grade` on the content or on one of its direct children (`dns.health.grade`). */
function gradeOf(content: unknown): string | null {
  if (!isRecord(content)) return null;
  if (typeof content.grade === "string") return content.grade;
  for (const child of Object.values(content)) {
    if (isRecord(child) && typeof child.grade === "string") return child.grade;
  }
  return null;
}

export function sectionMark(content: unknown): SectionMark {
  const worst = new Map<string, number>();
  collectStatuses(content, worst, 0);
  let fail = 0;
  let warn = 0;
  for (const rank of worst.values()) {
    if (rank === 2) fail += 1;
    else if (rank === 1) warn += 1;
  }
  return {
    mark: fail > 0 ? "fail" : warn > 0 ? "warn" : "ok",
    grade: gradeOf(content),
    fail,
    warn,
  };
}
