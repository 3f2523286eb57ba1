const unitMs = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 } as const;
const duration = /^(\d{1,5})([hdw])$/;
const isoDate = /^\d{4}-\d{2}-\d{2}(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2}))?$/;

export interface ParseKeyExpiryOptions {
  /** `90d`, `12h`, `2w` from now, or an ISO date or time (`2027-01-31`, `2027-01-31T12:00:00Z`). */
  readonly value: string;
  /** The time a duration counts from. Default: now. */
  readonly nowMs?: number;
}

/**
 * When a key should stop working, as an ISO time. Throws a TypeError naming `expires` for
 * anything else, and for a time that is not in the future (a key born expired is a mistake).
 */
export function parseKeyExpiry(options: ParseKeyExpiryOptions): string {
  const { value } = options;
  const nowMs = options.nowMs ?? Date.now();
  let atMs: number;
  const relative = typeof value === "string" ? duration.exec(value.trim()) : null;
  if (relative) {
    atMs = nowMs + Number(relative[1]) * unitMs[relative[2] as keyof typeof unitMs];
  } else if (typeof value === "string" && isoDate.test(value.trim())) {
    atMs = Date.parse(value.trim());
  } else {
    throw new TypeError(
      `expires: ${JSON.stringify(value)} is not a duration (90d, 12h, 2w) or an ISO date`,
    );
  }
  if (!Number.isFinite(atMs))
    throw new TypeError(`expires: ${JSON.stringify(value)} is not a date`);
  if (atMs <= nowMs) throw new TypeError(`expires: ${JSON.stringify(value)} is not in the future`);
  return new Date(atMs).toISOString();
}
