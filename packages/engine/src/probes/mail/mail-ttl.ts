import type { MailData } from "./declaration.js";

const minuteMs = 60_000;
export const maxMailTtlMs = 60 * minuteMs;
export const minMailTtlMs = 5 * minuteMs;

/**
 * How long a mail result stays fresh: an hour, five minutes when an MX did not answer (a
 * transient outage should not stick), and never past the moment an MX certificate expires.
 */
export function mailTtlMs(options: { data: MailData; now: number }): number {
  const { data, now } = options;
  const endpoints = data.hosts.flatMap((host) => host.endpoints);
  if (endpoints.some((endpoint) => endpoint.error !== null)) return minMailTtlMs;
  let ttl = maxMailTtlMs;
  for (const endpoint of endpoints) {
    const notAfter = endpoint.tls?.certificate?.notAfter;
    if (notAfter === undefined) continue;
    const left = Date.parse(notAfter) - now;
    ttl = Math.min(ttl, left > 0 ? left : minMailTtlMs);
  }
  return Math.max(1000, Math.round(ttl));
}
