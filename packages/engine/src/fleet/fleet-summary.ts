import QuickLRU from "quick-lru";
import type { MaybePromise } from "../contract/maybe-promise.js";
import { expiryOf } from "../events/section-events.js";
import type { Change, ContentSnapshot, DomainHistory } from "../history/history-store.js";
import { type SectionMark, sectionMark } from "./section-mark.js";

/** A section's mark and when the content it was read from was first recorded. */
export interface FleetMark extends SectionMark {
  /** History keeps a snapshot only when the content changes: this is when it last did. */
  readonly recordedAt: string;
}

export interface FleetExpiry {
  readonly expiresAt: string;
  /** Whole days left when the summary was made, rounded down; negative once expired. */
  readonly daysLeft: number;
}

/** One domain at a glance. */
export interface FleetRow {
  readonly domain: string;
  /** Every section of the summary, null where nothing is recorded yet. */
  readonly sections: Readonly<Record<string, FleetMark | null>>;
  readonly certificate: FleetExpiry | null;
  readonly registration: FleetExpiry | null;
  readonly latestChange: Change | null;
}

export interface FleetChange extends Change {
  readonly domain: string;
}

export interface FleetSummary {
  readonly generatedAt: string;
  readonly sections: readonly string[];
  /** In the order of the list (watch list or batch). */
  readonly domains: readonly FleetRow[];
  /** The fleet's timeline: its changes, newest first, at most `maxTimeline`. */
  readonly changes: readonly FleetChange[];
}

/** What the summary reads: the history store's latest content and each domain's changes. */
export interface FleetHistory {
  latest(domain: string, section: string): MaybePromise<ContentSnapshot | undefined>;
  read(domain: string): MaybePromise<DomainHistory>;
}

export interface FleetQuery {
  readonly domains: readonly string[];
  readonly sections: readonly string[];
  /** Only changes at or after this instant go into the timeline. */
  readonly since?: Date;
  readonly now?: Date;
}

interface SnapshotRead {
  readonly mark: SectionMark;
  readonly expiry: ReturnType<typeof expiryOf>;
}

const dayMs = 86_400_000;
/** Domains read at once: enough to overlap a shared store's round trips, not to flood it. */
const readsAtOnce = 32;

function expiry(expiresAt: string | undefined, now: number): FleetExpiry | null {
  const at = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  return { expiresAt: expiresAt!, daysLeft: Math.floor((at - now) / dayMs) };
}

/**
 * The watch list's or a batch's domains at a glance, from history alone: no probe runs and no
 * cache read, so the page costs the same whether the entries are fresh or long expired.
 */
export function createFleetSummary(options: {
  readonly history: FleetHistory;
  /** Most changes in the timeline. Default 500. */
  readonly maxTimeline?: number;
}): (query: FleetQuery) => Promise<FleetSummary> {
  const { history } = options;
  const maxTimeline = options.maxTimeline ?? 500;
  // Equal digests are equal content: a mark and an expiry are read once a snapshot, not once a
  // page load (a store may keep the content as text, parsed when read).
  const reads = new QuickLRU<string, SnapshotRead>({ maxSize: 20_000 });
  const readOf = (section: string, snapshot: ContentSnapshot): SnapshotRead => {
    const key = `${section}:${snapshot.digest}`;
    let read = reads.get(key);
    if (!read) {
      const content = snapshot.content;
      read = { mark: sectionMark(content), expiry: expiryOf(section, content) };
      reads.set(key, read);
    }
    return read;
  };

  async function row(domain: string, query: FleetQuery, now: number) {
    const [latest, kept] = await Promise.all([
      Promise.all(query.sections.map((section) => history.latest(domain, section))),
      history.read(domain),
    ]);
    const sections: Record<string, FleetMark | null> = {};
    let certificate: string | undefined;
    let registration: string | undefined;
    query.sections.forEach((section, index) => {
      const snapshot = latest[index];
      const read = snapshot ? readOf(section, snapshot) : undefined;
      sections[section] = read ? { ...read.mark, recordedAt: snapshot!.fetchedAt } : null;
      const found = read?.expiry;
      if (found?.type === "certificate.expiring") certificate = found.expiresAt;
      if (found?.type === "domain.expiring") registration = found.expiresAt;
    });
    const wanted = new Set(query.sections);
    // The newest only: the timeline never shows more of one domain than of the whole fleet.
    const changes = kept.changes.filter((change) => wanted.has(change.section)).slice(-maxTimeline);
    const fleetRow: FleetRow = {
      domain,
      sections,
      certificate: expiry(certificate, now),
      registration: expiry(registration, now),
      latestChange: changes.at(-1) ?? null,
    };
    return { fleetRow, changes };
  }

  return async (query) => {
    const now = (query.now ?? new Date()).getTime();
    const since = query.since?.getTime() ?? Number.NEGATIVE_INFINITY;
    const rows: FleetRow[] = [];
    const timeline: FleetChange[] = [];
    for (let start = 0; start < query.domains.length; start += readsAtOnce) {
      const chunk = query.domains.slice(start, start + readsAtOnce);
      for (const { fleetRow, changes } of await Promise.all(
        chunk.map((domain) => row(domain, query, now)),
      )) {
        rows.push(fleetRow);
        for (const change of changes) {
          if (Date.parse(change.at) >= since) timeline.push({ domain: fleetRow.domain, ...change });
        }
      }
    }
    timeline.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
    return {
      generatedAt: new Date(now).toISOString(),
      sections: [...query.sections],
      domains: rows,
      changes: timeline.slice(0, maxTimeline),
    };
  };
}
