import { keyHashPattern } from "./api-key.js";

/** What a key store keeps about one API key. Never the key itself: only its hash. */
export interface KeyRecord {
  /** Names the key in lists, logs and rate limits; not secret. */
  readonly id: string;
  /** Who or what the key is for, e.g. `billing-service`. */
  readonly name: string;
  /** `sha256:<hex>` of the key. */
  readonly hash: string;
  /** ISO time of creation. */
  readonly createdAt: string;
  /** ISO time from which the key no longer works. None: it does not expire. */
  readonly expiresAt?: string;
  /** Rate-limit plan name, one of the engine's `rateLimit.plans`. None: `default`. */
  readonly plan?: string;
  readonly revoked: boolean;
  /** ISO time of revocation. */
  readonly revokedAt?: string;
}

export type KeyStatus = "active" | "revoked" | "expired";

export function keyStatus(record: KeyRecord, nowMs = Date.now()): KeyStatus {
  if (record.revoked) return "revoked";
  if (record.expiresAt !== undefined && Date.parse(record.expiresAt) <= nowMs) return "expired";
  return "active";
}

export const keyIdPattern = /^key_[0-9A-Za-z]{1,64}$/;
export const planNamePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const isoTime = (value: unknown) =>
  typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));

/** Checks a key name: printable, at most 200 characters. Returns what is wrong, or undefined. */
export function keyNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || name.trim().length === 0) return "must be a non-empty string";
  if (name.length > 200) return "must be at most 200 characters";
  // Names are printed in terminals and logs: no control characters that could rewrite them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return "must not contain control characters";
  return undefined;
}

/** What is wrong with a record (`field must ...`), or undefined when it is well formed. */
export function keyRecordProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return "must be an object";
  }
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || !keyIdPattern.test(record.id)) {
    return 'id must be "key_" and letters or digits';
  }
  const nameProblem = keyNameProblem(record.name);
  if (nameProblem) return `name ${nameProblem}`;
  if (typeof record.hash !== "string" || !keyHashPattern.test(record.hash)) {
    return 'hash must be "sha256:" and 64 lower-case hex digits';
  }
  if (!isoTime(record.createdAt)) return "createdAt must be an ISO time";
  if (record.expiresAt !== undefined && !isoTime(record.expiresAt)) {
    return "expiresAt must be an ISO time";
  }
  if (record.plan !== undefined) {
    if (typeof record.plan !== "string" || !planNamePattern.test(record.plan)) {
      return "plan must be letters, digits, '.', '_' or '-' (at most 64)";
    }
  }
  if (typeof record.revoked !== "boolean") return "revoked must be a boolean";
  if (record.revokedAt !== undefined && !isoTime(record.revokedAt)) {
    return "revokedAt must be an ISO time";
  }
  return undefined;
}

/** A copy with only the known fields, so nothing else is ever written to a store. */
export function cleanKeyRecord(record: KeyRecord): KeyRecord {
  return {
    id: record.id,
    name: record.name,
    hash: record.hash,
    createdAt: record.createdAt,
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...(record.plan === undefined ? {} : { plan: record.plan }),
    revoked: record.revoked,
    ...(record.revokedAt === undefined ? {} : { revokedAt: record.revokedAt }),
  };
}
