/**
 * A small in-process cache of ready-to-send answers, in front of the CacheStore: a fresh hit
 * is served from here without a store round trip, a parse or an encode. Bounded by bytes;
 * oldest first; entries stop being served at their own expiry.
 */
export interface HotCache<T> {
  get(key: string, nowMs: number): T | undefined;
  set(key: string, value: T, bytes: number, expiresAtMs: number): void;
  delete(key: string): void;
  readonly bytes: number;
}

interface Slot<T> {
  value: T;
  bytes: number;
  expiresAtMs: number;
}

export function hotCache<T>(maxBytes: number): HotCache<T> {
  const slots = new Map<string, Slot<T>>();
  let bytes = 0;
  const drop = (key: string, slot: Slot<T>) => {
    slots.delete(key);
    bytes -= slot.bytes;
  };
  return {
    get(key, nowMs) {
      const slot = slots.get(key);
      if (!slot) return undefined;
      if (slot.expiresAtMs <= nowMs) {
        drop(key, slot);
        return undefined;
      }
      return slot.value;
    },
    set(key, value, size, expiresAtMs) {
      const previous = slots.get(key);
      if (previous) drop(key, previous);
      if (size > maxBytes / 4) return;
      slots.set(key, { value, bytes: size, expiresAtMs });
      bytes += size;
      for (const [oldest, slot] of slots) {
        if (bytes <= maxBytes) break;
        drop(oldest, slot);
      }
    },
    delete(key) {
      const slot = slots.get(key);
      if (slot) drop(key, slot);
    },
    get bytes() {
      return bytes;
    },
  };
}
