import type { FleetChange, FleetMark, FleetRow, FleetSummary } from "@domain-intel/engine";
import { escapeHtml } from "./html-escape.js";

/*
 * The fleet page's rows, sorted and filtered, as HTML. Runs in the browser (served as a module
 * by the fleet page, so it imports nothing but html-escape.js) and in Node for its tests.
 */

/** What a column header sorts by: the domain, a section's mark, an expiry or the latest change. */
export type FleetSortKey =
  | "domain"
  | "certificate"
  | "registration"
  | "change"
  | `section:${string}`;

export interface FleetSort {
  readonly key: FleetSortKey;
  /** `asc`: domains A-Z, worst marks, fewest days left, newest change first. */
  readonly direction: "asc" | "desc";
}

export interface FleetFilter {
  /** Rows whose certificate or registration ends within this many days (or has ended). */
  readonly expiringWithinDays?: number;
  /** `"*"`: rows with any failing section; a section's name: rows where that one fails. */
  readonly failing?: string;
  /** Rows whose latest change is at or after this instant; the timeline from it too. */
  readonly changedSince?: Date;
}

const markRank: Readonly<Record<string, number>> = { fail: 0, warn: 1, ok: 2 };

/** Worst first; a section with nothing recorded after every mark. */
const markOrder = (mark: FleetMark | null | undefined): number =>
  mark ? (markRank[mark.mark] ?? 3) * 100 - mark.fail * 2 - mark.warn : 1000;

/** Nulls (nothing known) always last, whichever the direction. */
function compareNullable(a: number | null, b: number | null, sign: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return (a - b) * sign;
}

function sortValue(row: FleetRow, key: FleetSortKey): number | null {
  if (key === "certificate") return row.certificate?.daysLeft ?? null;
  if (key === "registration") return row.registration?.daysLeft ?? null;
  // Newest first is ascending: the change's time, negated.
  if (key === "change") return row.latestChange ? -Date.parse(row.latestChange.at) : null;
  return markOrder(row.sections[key.slice("section:".length)]);
}

/** A sorted copy; ties keep the list's order, then the domain breaks them. */
export function sortFleetRows(rows: readonly FleetRow[], sort: FleetSort): FleetRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  if (sort.key === "domain") {
    return [...rows].sort((a, b) => (a.domain < b.domain ? -sign : a.domain > b.domain ? sign : 0));
  }
  const values = new Map(rows.map((row) => [row, sortValue(row, sort.key)]));
  return [...rows].sort(
    (a, b) =>
      compareNullable(values.get(a)!, values.get(b)!, sign) ||
      (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0),
  );
}

const endsWithin = (days: number | undefined, limit: number) => days !== undefined && days <= limit;

export function filterFleetRows(rows: readonly FleetRow[], filter: FleetFilter): FleetRow[] {
  const since = filter.changedSince?.getTime();
  return rows.filter((row) => {
    const limit = filter.expiringWithinDays;
    if (
      limit !== undefined &&
      !endsWithin(row.certificate?.daysLeft, limit) &&
      !endsWithin(row.registration?.daysLeft, limit)
    )
      return false;
    if (filter.failing !== undefined) {
      const marks =
        filter.failing === "*" ? Object.values(row.sections) : [row.sections[filter.failing]];
      if (!marks.some((mark) => mark?.mark === "fail")) return false;
    }
    if (since !== undefined && !(row.latestChange && Date.parse(row.latestChange.at) >= since))
      return false;
    return true;
  });
}

/** The report page of a domain, relative to the fleet page (both under the base path). */
export const reportLink = (domain: string) => `view?domain=${encodeURIComponent(domain)}`;

function markCell(section: string, mark: FleetMark | null | undefined): string {
  if (!mark)
    return `<span role="cell" class="m none" title="${escapeHtml(section)}: nothing recorded">-</span>`;
  const counts = `${mark.fail} fail, ${mark.warn} warn`;
  const label = mark.grade ?? mark.mark;
  return `<span role="cell" class="m ${mark.mark}" title="${escapeHtml(`${section}: ${counts}, since ${mark.recordedAt}`)}">${escapeHtml(label)}</span>`;
}

function daysCell(expiry: FleetRow["certificate"], soonDays: number): string {
  if (!expiry) return `<span role="cell" class="days none">-</span>`;
  const state = expiry.daysLeft < 0 ? "over" : expiry.daysLeft <= soonDays ? "soon" : "fine";
  return `<span role="cell" class="days ${state}" title="${escapeHtml(expiry.expiresAt)}">${expiry.daysLeft}</span>`;
}

const day = (at: string) => at.slice(0, 10);

/** A before or after value in a few words: names, not JSON, where the value has one. */
export function shortValue(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value.length > 60 ? `${value.slice(0, 57)}...` : value;
  if (Array.isArray(value)) return shortValue(value.map((item) => shortValue(item)).join(", "));
  if (typeof value === "object") {
    const named = value as Record<string, unknown>;
    const name = named.commonName ?? named.name ?? named.dn;
    if (typeof name === "string") return shortValue(name);
  }
  return shortValue(JSON.stringify(value));
}

const changeWhat = (change: { section: string; kind: string; path: string }) =>
  change.kind === "field" || change.kind === "check"
    ? `${change.section} ${change.kind}: ${change.path}`
    : `${change.section} ${change.kind}`;

function changeCell(change: FleetRow["latestChange"]): string {
  if (!change) return `<span role="cell" class="change none">-</span>`;
  return `<span role="cell" class="change" title="${escapeHtml(`${shortValue(change.before)} -> ${shortValue(change.after)}`)}"><time datetime="${escapeHtml(change.at)}">${escapeHtml(day(change.at))}</time> ${escapeHtml(changeWhat(change))}</span>`;
}

/**
 * One row's HTML: a grid row with ARIA table roles rather than a <tr>, so the browser lays out
 * only the rows on screen (`content-visibility`, which table rows cannot have).
 */
export function fleetRowHtml(row: FleetRow, sections: readonly string[], soonDays = 30): string {
  return `<div role="row" class="row" data-domain="${escapeHtml(row.domain)}"><span role="rowheader" class="c-domain"><a href="${escapeHtml(reportLink(row.domain))}">${escapeHtml(row.domain)}</a></span>${sections
    .map((section) => markCell(section, row.sections[section]))
    .join(
      "",
    )}${daysCell(row.certificate, soonDays)}${daysCell(row.registration, soonDays)}${changeCell(row.latestChange)}</div>`;
}

/** The header row: every column a button that sorts by it. */
export function fleetHeadHtml(sections: readonly string[], sort: FleetSort): string {
  const column = (key: FleetSortKey, label: string, kind: string) =>
    `<span role="columnheader" class="c-${kind}" aria-sort="${ariaSort(sort, key)}"><button type="button" data-sort="${escapeHtml(key)}">${escapeHtml(label)}</button></span>`;
  return `<div role="row" class="row head">${column("domain", "Domain", "domain")}${sections
    .map((section) => column(`section:${section}`, section, "mark"))
    .join("")}${column("certificate", "Certificate (days)", "days")}${column(
    "registration",
    "Registration (days)",
    "days",
  )}${column("change", "Latest change", "change")}</div>`;
}

/** What a column header says of the sort, for `aria-sort` (and the arrow the style draws). */
export const ariaSort = (sort: FleetSort, key: string) =>
  sort.key !== key ? "none" : sort.direction === "asc" ? "ascending" : "descending";

/** The fleet's changes, newest first, grouped by day. */
export function fleetTimelineHtml(changes: readonly FleetChange[], since?: Date): string {
  const shown = since
    ? changes.filter((change) => Date.parse(change.at) >= since.getTime())
    : changes;
  if (shown.length === 0)
    return `<p class="quiet">No change recorded${since ? " since then" : ""}.</p>`;
  const days: string[] = [];
  let current = "";
  let items: string[] = [];
  const close = () => {
    if (items.length > 0)
      days.push(`<li><h3>${escapeHtml(current)}</h3><ol>${items.join("")}</ol></li>`);
  };
  for (const change of shown) {
    if (day(change.at) !== current) {
      close();
      current = day(change.at);
      items = [];
    }
    items.push(
      `<li class="${escapeHtml(change.kind)}"><time datetime="${escapeHtml(change.at)}">${escapeHtml(change.at.slice(11, 16))}</time> <a href="${escapeHtml(reportLink(change.domain))}">${escapeHtml(change.domain)}</a> ${escapeHtml(changeWhat(change))}: <span class="before">${escapeHtml(shortValue(change.before))}</span> -> <span class="after">${escapeHtml(shortValue(change.after))}</span></li>`,
    );
  }
  close();
  return `<ol class="by-day">${days.join("")}</ol>`;
}

/** Counts for the line above the table. */
export function fleetCounts(rows: readonly FleetRow[], soonDays = 30) {
  const expiring = rows.filter(
    (row) =>
      endsWithin(row.certificate?.daysLeft, soonDays) ||
      endsWithin(row.registration?.daysLeft, soonDays),
  ).length;
  const failing = rows.filter((row) =>
    Object.values(row.sections).some((mark) => mark?.mark === "fail"),
  ).length;
  return { domains: rows.length, expiring, failing };
}

export type { FleetSummary };
