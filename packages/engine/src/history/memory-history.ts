import QuickLRU from "quick-lru";
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
}

interface DomainRecord {
  readonly latest: Map<string, ContentSnapshot>;
  snapshots: Snapshot[];
  changes: Change[];
  readonly marks: Map<string, number>;
}

/** The history of each domain in process, bounded in domains and, per domain, by the limits. */
export function memoryHistory(options: MemoryHistoryOptions = {}): HistoryStore {
  const maxDomains = options.maxDomains ?? 10_000;
  if (!Number.isInteger(maxDomains) || maxDomains < 1)
    throw new TypeError("memoryHistory: options.maxDomains must be a positive integer");
  const domains = new QuickLRU<string, DomainRecord>({ maxSize: maxDomains });

  function record(domain: string): DomainRecord {
    let found = domains.get(domain);
    if (!found) {
      found = { latest: new Map(), snapshots: [], changes: [], marks: new Map() };
      domains.set(domain, found);
    }
    return found;
  }

  function trim(entry: DomainRecord, limits: HistoryLimits): void {
    const oldest = Date.now() - limits.maxAgeMs;
    entry.snapshots = entry.snapshots
      .filter((snapshot) => Date.parse(snapshot.fetchedAt) >= oldest)
      .slice(-limits.maxSnapshots);
    entry.changes = entry.changes
      .filter((change) => Date.parse(change.at) >= oldest)
      .slice(-limits.maxChanges);
    for (const [section, latest] of entry.latest) {
      if (Date.parse(latest.fetchedAt) < oldest) entry.latest.delete(section);
    }
  }

  return {
    latest: (domain, section) => domains.get(domain)?.latest.get(section),
    append(domain, snapshot, changes, limits) {
      const entry = record(domain);
      entry.latest.set(snapshot.section, snapshot);
      const { content: _content, ...kept } = snapshot;
      entry.snapshots.push(kept);
      entry.changes.push(...changes);
      trim(entry, limits);
    },
    read(domain, limits): DomainHistory {
      const entry = domains.get(domain);
      if (!entry) return { snapshots: [], changes: [] };
      trim(entry, limits);
      return { snapshots: [...entry.snapshots], changes: [...entry.changes] };
    },
    remember(domain, mark, ttlMs) {
      const marks = record(domain).marks;
      const now = Date.now();
      for (const [name, until] of marks) if (until <= now) marks.delete(name);
      if (marks.has(mark)) return false;
      marks.set(mark, now + ttlMs);
      return true;
    },
  };
}
