import type { ParsedCrl } from "./crl.js";

/** CRLs already fetched, by URL, each kept until its nextUpdate. */
export interface CrlCache {
  get(url: string, now: number): ParsedCrl | undefined;
  set(url: string, crl: ParsedCrl, now: number): void;
}

/**
 * A cache of parsed CRLs bounded in entries and bytes (a CRL keeps its DER), the oldest
 * dropped first. A CRL without nextUpdate, or past it, is not kept: nothing says how long it
 * holds.
 */
export function createCrlCache(options: { maxEntries: number; maxBytes: number }): CrlCache {
  const entries = new Map<string, { crl: ParsedCrl; until: number; bytes: number }>();
  let bytes = 0;
  const drop = (url: string) => {
    const entry = entries.get(url);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(url);
  };
  return {
    get(url, now) {
      const entry = entries.get(url);
      if (entry && entry.until > now) return entry.crl;
      drop(url);
      return undefined;
    },
    set(url, crl, now) {
      const until = crl.nextUpdate?.getTime();
      const size = crl.tbs.length + crl.signature.length;
      drop(url);
      if (until === undefined || until <= now || size > options.maxBytes) return;
      while (entries.size >= options.maxEntries || bytes + size > options.maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(url, { crl, until, bytes: size });
      bytes += size;
    },
  };
}
