import { type Finding, type FindingStatus, makeFinding } from "../../contract/finding.js";
import { deletionStatuses, transferLockStatuses } from "./epp-status.js";
import type { WhoisData, WhoisServer } from "./whois-data.js";

const dayMs = 86_400_000;
/** Below these, `whois.domain.expiring-soon` warns, then fails. */
export const expiryWarnMs = 30 * dayMs;
export const expiryFailMs = 7 * dayMs;

/** The ids this probe always reports, in this order, so a client sees what was checked. */
export const whoisFindingIds = [
  "whois.domain.not-registered",
  "whois.domain.expired",
  "whois.domain.expiring-soon",
  "whois.domain.pending-delete",
  "whois.domain.transfer-unlocked",
] as const;

/** Only when a WHOIS answer lacks some of registrar, created, expires and name servers. */
export const parseIncompleteFindingId = "whois.parse.incomplete";

/** Only when a step of the lookup ran out of time after the registry answered. */
export const partialLookupFindingId = "whois.lookup.partial";

export type WhoisFindingId =
  | (typeof whoisFindingIds)[number]
  | typeof partialLookupFindingId
  | typeof parseIncompleteFindingId;

function finding(
  id: WhoisFindingId,
  status: FindingStatus,
  message: string,
  details?: Record<string, unknown>,
): Finding {
  return makeFinding(id, status, message, details);
}

/**
 * The `whois.domain.*` findings of a lookup made at `now`; `unknownBecause` says why the answer
 * does not tell whether the name is registered, when it does not.
 */
export function whoisFindings(
  data: Omit<WhoisData, "findings">,
  now: number,
  unknownBecause?: string,
): Finding[] {
  const domain = data.queriedDomain;
  if (data.registered === null) {
    const why = unknownBecause ?? "its WHOIS answer could not be read";
    return whoisFindingIds.map((id) =>
      finding(
        id,
        "skipped",
        `Not checked: whether ${domain} is registered is not known: ${why} (see data.raw).`,
        { reason: why },
      ),
    );
  }
  if (!data.registered) {
    return [
      finding(
        "whois.domain.not-registered",
        "info",
        `${domain} is not registered: the registry (${data.source.toUpperCase()}) has no record of it.`,
        { source: data.source },
      ),
      ...whoisFindingIds
        .slice(1)
        .map((id) => finding(id, "skipped", `Not checked: ${domain} is not registered.`)),
    ];
  }

  const findings = [
    finding("whois.domain.not-registered", "pass", `${domain} is registered.`, {
      registrar: data.registrar?.name ?? null,
    }),
  ];
  findings.push(...expiryFindings(data, now));

  const codes = data.statuses.map((status) => status.code);
  const deleting = codes.filter((code) => deletionStatuses.includes(code));
  findings.push(
    deleting.length > 0
      ? finding(
          "whois.domain.pending-delete",
          "fail",
          `${domain} is being deleted (${deleting.join(", ")}): it no longer resolves and will be released unless its holder restores it through the registrar.`,
          { statuses: deleting },
        )
      : finding("whois.domain.pending-delete", "pass", `${domain} is not in the deletion process.`),
  );

  findings.push(
    data.transferLock === null
      ? finding(
          "whois.domain.transfer-unlocked",
          "skipped",
          "Not checked: the registry gave no status codes.",
        )
      : data.transferLock
        ? finding(
            "whois.domain.transfer-unlocked",
            "pass",
            `Transfers of ${domain} to another registrar are locked.`,
            { statuses: codes.filter((code) => transferLockStatuses.includes(code)) },
          )
        : finding(
            "whois.domain.transfer-unlocked",
            "info",
            `${domain} has no transfer lock (clientTransferProhibited): anyone holding its authorization code can move it to another registrar.`,
            { statuses: codes },
          ),
  );
  return findings;
}

function expiryFindings(data: Omit<WhoisData, "findings">, now: number): Finding[] {
  const { expiresAt, queriedDomain: domain } = data;
  if (expiresAt === null) {
    const why = "Not checked: the registry gives no expiry date.";
    return [
      finding("whois.domain.expired", "skipped", why),
      finding("whois.domain.expiring-soon", "skipped", why),
    ];
  }
  const remainingMs = Date.parse(expiresAt) - now;
  const days = Math.floor(Math.abs(remainingMs) / dayMs);
  const details = { expiresAt, expiresInDays: data.expiresInDays };
  if (remainingMs <= 0) {
    return [
      finding(
        "whois.domain.expired",
        "fail",
        `The registration of ${domain} expired on ${expiresAt}, ${days} days ago.`,
        details,
      ),
      finding(
        "whois.domain.expiring-soon",
        "skipped",
        "Not checked: the registration has already expired.",
        details,
      ),
    ];
  }
  const expired = finding(
    "whois.domain.expired",
    "pass",
    `The registration of ${domain} is valid until ${expiresAt}.`,
    details,
  );
  const status: FindingStatus =
    remainingMs <= expiryFailMs ? "fail" : remainingMs <= expiryWarnMs ? "warn" : "pass";
  const message =
    status === "pass"
      ? `The registration expires in ${days} days.`
      : `The registration of ${domain} expires in ${days} days (${expiresAt}): renew it, or check that auto-renewal is on.`;
  return [expired, finding("whois.domain.expiring-soon", status, message, details)];
}

/**
 * `whois.lookup.partial` when a step ran out of time while the section could still answer (a
 * registrar link or WHOIS that timed out or was not asked, a WHOIS answer read until the time
 * limit): the registry's answer stands, and the finding says what is missing and why.
 */
export function partialLookupFindings(
  servers: readonly WhoisServer[],
  unasked: readonly string[],
): Finding[] {
  const name = (server: WhoisServer) =>
    server.kind === "rdap" ? `RDAP ${server.url}` : `WHOIS ${server.host}`;
  const timedOut = servers.filter((server) => server.outcome === "timeout").map(name);
  const cutShort = servers.filter((server) => server.outcome === "partial").map(name);
  if (timedOut.length + cutShort.length + unasked.length === 0) return [];
  const parts = [
    ...timedOut.map((server) => `${server} timed out`),
    ...cutShort.map((server) => `${server} never closed its answer, read until the time limit`),
    ...unasked.map((server) => `${server} was not asked: too little time was left`),
  ];
  return [
    finding(
      partialLookupFindingId,
      "skipped",
      `Part of the lookup ran out of time: ${parts.join("; ")}. The answer holds what arrived in time; registrar details may be missing.`,
      { timedOut, cutShort, unasked: [...unasked] },
    ),
  ];
}

/**
 * `whois.parse.incomplete` (warn) when the registry answered WHOIS text from which some of
 * registrar, created, expires and name servers could not be read: `details.missing` names them,
 * `details.unreadDates` says why a date present in the text was not read. `data.raw` holds the
 * text.
 */
export function parseIncompleteFindings(
  data: Omit<WhoisData, "findings">,
  unreadDates: readonly string[],
): Finding[] {
  if (data.source !== "whois" || data.registered === false) return [];
  const missing = [
    ...(data.registrar?.name ? [] : ["registrar"]),
    ...(data.createdAt ? [] : ["created"]),
    ...(data.expiresAt ? [] : ["expires"]),
    ...(data.nameservers.length > 0 ? [] : ["nameservers"]),
  ];
  if (missing.length === 0) return [];
  const why = unreadDates.length > 0 ? ` (${unreadDates.join("; ")})` : "";
  return [
    finding(
      parseIncompleteFindingId,
      "warn",
      `The registry answered, but its WHOIS text gives no readable ${missing.join(", ")}${why}: its text is in data.raw.`,
      { missing, unreadDates: [...unreadDates] },
    ),
  ];
}
