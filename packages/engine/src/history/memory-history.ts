import { textBytes } from "../contract/text-bytes.js";
import type {
  Change,
  ContentSnapshot,
  DomainHistory,
  HistoryLimits,
  HistoryStore,
  Snapshot,
} from "./history-store.js";

export interface MemoryHistoryOptions {
  /** Domains whose history is kept; the least recently touched goes first. Default 10,000. */
  readonly maxDomains?: number;
  /**
   * Most bytes kept, all domains together (the content texts and changes as V8 holds them: a
   * byte a character for Latin-1 text, two for any other, plus bookkeeping); the least recently
   * touched domain goes first.
   * Default 256 MiB (a full report's history takes about 30 KiB). A fleet whose history does
   * not fit keeps it in Redis (`redisHistory`).
   */
  readonly maxBytes?: number;
}

/** The latest content of a section, kept as its canonical JSON: a third smaller than the object. */
interface LatestText {
  readonly snapshot: Snapshot;
  readonly json: string;
  /** What the text holds in memory (`textBytes`), counted once. */
  readonly bytes: number;
}

/** A store's size as counted against its bounds. */
export interface MemoryHistory extends HistoryStore {
  /** Bytes held, as counted against `maxBytes`. */
  readonly bytes: number;
  /** Domains held. */
  readonly size: number;
}

interface SizedChange {
  readonly change: Change;
  readonly bytes: number;
}

interface DomainRecord {
  readonly latest: Map<string, LatestText>;
  snapshots: Snapshot[];
  changes: SizedChange[];
  readonly marks: Map<string, number>;
  bytes: number;
}

// Per kept item, beyond its text: the object, its strings (digest, dates) and the map slot.
const snapshotBytes = 256;
const entryBytes = 128;

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1)
    throw new TypeError(`memoryHistory: options.${name} must be a positive integer`);
  return value;
}

const sizeOf = (entry: DomainRecord): number => {
  let bytes = entryBytes + entry.snapshots.length * snapshotBytes + entry.marks.size * entryBytes;
  for (const latest of entry.latest.values()) bytes += snapshotBytes + latest.bytes;
  for (const change of entry.changes) bytes += change.bytes;
  return bytes;
};

/**
 * The history of each domain in process, bounded in domains and bytes and, per domain, by the
 * limits. The latest content is kept as text and parsed only when a new snapshot differs.
 */
export function memoryHistory(options: MemoryHistoryOptions = {}): MemoryHistory {
  const maxDomains = positiveInteger(options.maxDomains ?? 10_000, "maxDomains");
  const maxBytes = positiveInteger(options.maxBytes ?? 256 * 1024 * 1024, "maxBytes");
  // Insertion order is recency: a touched domain is moved to the end.
  const domains = new Map<string, DomainRecord>();
  let bytes = 0;

  function touch(domain: string): DomainRecord | undefined {
    const found = domains.get(domain);
    if (found) {
      domains.delete(domain);
      domains.set(domain, found);
    }
    return found;
  }

  function record(domain: string): DomainRecord {
    const found = touch(domain);
    if (found) return found;
    const created: DomainRecord = {
      latest: new Map(),
      snapshots: [],
      changes: [],
      marks: new Map(),
      bytes: 0,
    };
    domains.set(domain, created);
    return created;
  }

  /** Counts `entry` anew, then drops the least recently touched domains beyond the bounds. */
  function account(domain: string, entry: DomainRecord): void {
    bytes -= entry.bytes;
    entry.bytes = sizeOf(entry);
    bytes += entry.bytes;
    for (const [oldest, kept] of domains) {
      if (domains.size <= maxDomains && bytes <= maxBytes) break;
      if (oldest === domain && domains.size === 1) break;
      domains.delete(oldest);
      bytes -= kept.bytes;
    }
  }

  function trim(entry: DomainRecord, limits: HistoryLimits): void {
    const oldest = Date.now() - limits.maxAgeMs;
    entry.snapshots = entry.snapshots
      .filter((snapshot) => Date.parse(snapshot.fetchedAt) >= oldest)
      .slice(-limits.maxSnapshots);
    entry.changes = entry.changes
      .filter(({ change }) => Date.parse(change.at) >= oldest)
      .slice(-limits.maxChanges);
    for (const [section, latest] of entry.latest) {
      if (Date.parse(latest.snapshot.fetchedAt) < oldest) entry.latest.delete(section);
    }
  }

  return {
    get bytes() {
      return bytes;
    },
    get size() {
      return domains.size;
    },
    latest(domain, section) {
      const kept = domains.get(domain)?.latest.get(section);
      if (!kept) return undefined;
      let content: unknown;
      let parsed = false;
      const snapshot: ContentSnapshot = {
        ...kept.snapshot,
        get content() {
          if (!parsed) {
            content = JSON.parse(kept.json);
            parsed = true;
          }
          return content;
        },
      };
      return snapshot;
    },
    append(domain, snapshot, changes, limits) {
      const entry = record(domain);
      const { content, json, ...kept } = snapshot;
      const text = json ?? JSON.stringify(content) ?? "null";
      entry.latest.set(snapshot.section, { snapshot: kept, json: text, bytes: textBytes(text) });
      entry.snapshots.push(kept);
      for (const change of changes)
        entry.changes.push({ change, bytes: entryBytes + textBytes(JSON.stringify(change)) });
      trim(entry, limits);
      account(domain, entry);
    },
    read(domain, limits): DomainHistory {
      const entry = touch(domain);
      if (!entry) return { snapshots: [], changes: [] };
      trim(entry, limits);
      account(domain, entry);
      return {
        snapshots: [...entry.snapshots],
        changes: entry.changes.map(({ change }) => change),
      };
    },
    remember(domain, mark, ttlMs) {
      const entry = record(domain);
      const now = Date.now();
      for (const [name, until] of entry.marks) if (until <= now) entry.marks.delete(name);
      if (entry.marks.has(mark)) return false;
      entry.marks.set(mark, now + ttlMs);
      account(domain, entry);
      return true;
    },
  };
}
