import type { HttpData } from "./declaration.js";

const minuteMs = 60_000;
export const maxTtlMs = 60 * minuteMs;
export const failingTtlMs = 5 * minuteMs;

/**
 * How long an http result stays fresh: an hour, five minutes when a check fails (a fix should
 * show soon), and never past the moment security.txt expires, which flips a finding.
 */
export function httpTtlMs(options: { data: HttpData; now: number }): number {
  const { data, now } = options;
  let ttl = data.findings.some((finding) => finding.status === "fail") ? failingTtlMs : maxTtlMs;
  const expires = data.securityTxt.fields?.expires;
  const untilExpiry = expires ? Date.parse(expires) - now : Number.NaN;
  if (untilExpiry > 0) ttl = Math.min(ttl, untilExpiry);
  return Math.max(1000, Math.round(ttl));
}
