import type { MaybePromise } from "../contract/maybe-promise.js";

/** One stored version of a section: when it was fetched and the digest of what it said. */
export interface Snapshot {
  readonly section: string;
  readonly fetchedAt: string;
  readonly digest: string;
}

/** The latest snapshot of a section with its meaningful content, to diff the next one against. */
export interface ContentSnapshot extends Snapshot {
  readonly content: unknown;
  /**
   * `content`'s canonical JSON, when the recorder made it: `JSON.parse(json)` gives `content`
   * back, so a store may keep the (smaller) text instead of the object. Never stored as a field.
   */
  readonly json?: string;
}

/**
 * One difference between two snapshots of a section. `kind` names what changed for the known
 * fields (`nameservers`, `registrar`, `issuer`, `certificate`, `expiry`, `dnssec`, `check`),
 * `field` for anything else; `path` is dotted, from the section's data.
 */
export interface Change {
  readonly at: string;
  readonly section: string;
  readonly kind: string;
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

export interface DomainHistory {
  /** Oldest first. */
  readonly snapshots: readonly Snapshot[];
  /** Oldest first. */
  readonly changes: readonly Change[];
}

/** How much history a domain keeps; older or extra entries are dropped. */
export interface HistoryLimits {
  readonly maxSnapshots: number;
  readonly maxChanges: number;
  readonly maxAgeMs: number;
}

/**
 * Where snapshots, changes and remembered event thresholds are kept: in memory by default,
 * `redisHistory` from `@domain-intel/redis` to share them between instances.
 */
export interface HistoryStore {
  /** The section's latest snapshot, with its content; undefined when none is kept. */
  latest(domain: string, section: string): MaybePromise<ContentSnapshot | undefined>;
  /** Keeps `snapshot` as the section's latest and appends it and `changes`, within `limits`. */
  append(
    domain: string,
    snapshot: ContentSnapshot,
    changes: readonly Change[],
    limits: HistoryLimits,
  ): MaybePromise<void>;
  /** The domain's snapshots and changes within `limits`. */
  read(domain: string, limits: HistoryLimits): MaybePromise<DomainHistory>;
  /**
   * Remembers `mark` (an event threshold crossed) for `ttlMs`. True only for the caller that
   * set it first: across instances sharing the store, one of them emits the event.
   */
  remember(domain: string, mark: string, ttlMs: number): MaybePromise<boolean>;
}
