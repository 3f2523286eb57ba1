import type { SectionResult } from "../contract/section-result.js";
import type { Recorded } from "../history/history-recorder.js";
import type { Change, HistoryStore } from "../history/history-store.js";
import type { DomainEvent, EventType } from "./domain-event.js";

/** Days before an expiry at which `*.expiring` is emitted, once each. */
export const expiryThresholdDays = [30, 14, 7, 1] as const;

const dayMs = 86_400_000;

const changeEvents: Readonly<Record<string, EventType>> = {
  certificate: "certificate.changed",
  nameservers: "nameservers.changed",
  registrar: "registrar.changed",
  dnssec: "dnssec.changed",
};

const failing = new Set(["warn", "fail"]);

/** A check that moved between pass and warn or fail; other moves (info, skipped) are not news. */
const checkMoved = (change: Change) =>
  (change.before === "pass" && failing.has(String(change.after))) ||
  (failing.has(String(change.before)) && change.after === "pass");

function eventsOfChanges(domain: string, at: string, changes: readonly Change[]): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const change of changes) {
    const { section, path, before, after } = change;
    const type = changeEvents[change.kind];
    if (type) events.push({ type, domain, at, data: { section, path, before, after } });
    else if (change.kind === "provider") {
      const event = providerChanged(change);
      if (event) events.push({ type: "provider.changed", domain, at, data: event });
    } else if (change.kind === "check" && checkMoved(change)) {
      const id = path.replace(/^(?:[^.]+\.)*?(?:findings|checks)\./, "");
      events.push({ type: "finding.changed", domain, at, data: { section, id, before, after } });
    }
  }
  return events;
}

interface ProviderLike {
  readonly name?: unknown;
  readonly evidence?: unknown;
}

const providerNames = (value: unknown): string[] =>
  (Array.isArray(value) ? (value as ProviderLike[]) : [])
    .map((provider) => String(provider?.name ?? ""))
    .filter(Boolean)
    .sort();

/**
 * `provider.changed` data for a role of the hosting section whose providers changed: who before,
 * who after, and the evidence that names each provider now. A change of evidence alone (another
 * address in the same AS) is no event.
 */
function providerChanged(change: Change) {
  const before = providerNames(change.before);
  const after = providerNames(change.after);
  if (before.join("\n") === after.join("\n")) return undefined;
  const evidence = Object.fromEntries(
    (Array.isArray(change.after) ? (change.after as ProviderLike[]) : []).map((provider) => [
      String(provider?.name ?? ""),
      provider?.evidence ?? [],
    ]),
  );
  return { role: change.path.replace(/^providers\./, ""), before, after, evidence };
}

/** The expiry a section's data tells of: the certificate's or the registration's. */
function expiryOf(result: SectionResult): { type: EventType; expiresAt: string } | undefined {
  const data = result.data as Record<string, unknown> | undefined;
  if (result.section === "ssl") {
    const notAfter = (data?.certificate as { notAfter?: unknown } | null | undefined)?.notAfter;
    if (typeof notAfter === "string") return { type: "certificate.expiring", expiresAt: notAfter };
  }
  if (result.section === "whois" && typeof data?.expiresAt === "string")
    return { type: "domain.expiring", expiresAt: data.expiresAt };
  return undefined;
}

/**
 * The events one recorded result brings: one a typed change that has an event, and an
 * `*.expiring` event when the expiry is within a threshold not yet crossed for that expiry
 * date (remembered in the history store, so a restart or another instance does not repeat
 * it; a renewal, a new date, starts again).
 */
export async function sectionEvents(
  recorded: Recorded,
  store: HistoryStore,
  now = Date.now(),
): Promise<DomainEvent[]> {
  const { result, changes } = recorded;
  const at = new Date(now).toISOString();
  const events = eventsOfChanges(result.domain, at, changes);
  const expiry = expiryOf(result);
  if (!expiry) return events;
  const expiresAtMs = Date.parse(expiry.expiresAt);
  if (Number.isNaN(expiresAtMs)) return events;
  const daysLeft = (expiresAtMs - now) / dayMs;
  const threshold = expiryThresholdDays.filter((days) => daysLeft <= days).at(-1);
  if (threshold === undefined) return events;
  const mark = `${expiry.type}:${expiry.expiresAt}:${threshold}`;
  const keepMs = Math.max(dayMs, expiresAtMs - now + 31 * dayMs);
  if (await store.remember(result.domain, mark, keepMs)) {
    events.push({
      type: expiry.type,
      domain: result.domain,
      at,
      data: {
        section: result.section,
        expiresAt: expiry.expiresAt,
        daysLeft: Math.max(0, Math.floor(daysLeft)),
        thresholdDays: threshold,
      },
    });
  }
  return events;
}
