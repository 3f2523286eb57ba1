import type { SslData } from "./declaration.js";

const minuteMs = 60_000;
export const maxTtlMs = 60 * minuteMs;
export const minTtlMs = 5 * minuteMs;

/**
 * How long an ssl result stays fresh: an hour normally, a tenth of the remaining validity as
 * expiry nears (never under five minutes), five minutes when nothing could be read. A result
 * never outlives the moment its certificate expires or becomes valid, since that flips findings.
 */
export function sslTtlMs(options: { data: SslData; now: number }): number {
  const { data, now } = options;
  const certificate = data.certificate;
  if (!data.reachable || !certificate) return minTtlMs;
  const untilExpiry = Date.parse(certificate.notAfter) - now;
  if (untilExpiry <= 0) return minTtlMs;
  let ttl = Math.min(maxTtlMs, Math.max(minTtlMs, untilExpiry / 10), untilExpiry);
  const untilValid = Date.parse(certificate.notBefore) - now;
  if (untilValid > 0) ttl = Math.min(ttl, untilValid);
  // At least a second, so a certificate a moment from a boundary is not probed in a loop.
  return Math.max(1000, Math.round(ttl));
}
