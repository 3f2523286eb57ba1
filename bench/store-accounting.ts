/**
 * Issue 35: does a store's byte bound mean what it says? Fills the memory cache and the memory
 * history with `BENCH_ACCOUNTING_ENTRIES` (default 2,000) distinct entries of one content, ASCII
 * then beyond Latin-1, and compares the bytes each counts against its bound with the heap the
 * entries actually hold (`heapUsed` after a full GC, before and after filling).
 *   pnpm bench:store-accounting
 */
import { memoryCache, memoryHistory } from "../packages/engine/dist/index.js";
import { assertBenchTsconfig } from "./support/bench-process.js";

assertBenchTsconfig();

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc (pnpm bench:store-accounting does)");
const entries = Number(process.env.BENCH_ACCOUNTING_ENTRIES ?? 2_000);
const limits = { maxSnapshots: 200, maxChanges: 1000, maxAgeMs: 86_400_000 };
const unbounded = 1024 * 1024 * 1024;

/** A report section's content of about 12 kB, its strings made of `letters`. */
function content(index: number, letters: string) {
  return {
    checks: Array.from({ length: 40 }, (_, check) => ({
      id: `section.check-${check}`,
      status: check % 3 === 0 ? "warn" : "pass",
      message: `${letters.repeat(60)} ${index}`,
    })),
  };
}

function heapHeld(fill: () => unknown): { heap: number; kept: unknown } {
  gc!();
  const before = process.memoryUsage().heapUsed;
  const kept = fill();
  gc!();
  return { heap: process.memoryUsage().heapUsed - before, kept };
}

async function measure(name: string, letters: string): Promise<void> {
  // Each text made inside the fill, as a probe run makes it: only the store keeps it.
  const text = (index: number) => JSON.stringify(content(index, letters));
  const cache = memoryCache({ maxEntries: entries * 2, maxBytes: unbounded });
  const cached = heapHeld(() => {
    for (let index = 0; index < entries; index += 1)
      cache.set(`report:d${index}.test`, text(index), 3_600_000);
    return cache;
  });
  const history = memoryHistory({ maxDomains: entries * 2, maxBytes: unbounded });
  const recorded = heapHeld(() => {
    for (let index = 0; index < entries; index += 1) {
      const json = text(index);
      const snapshot = {
        section: "dns",
        fetchedAt: new Date().toISOString(),
        digest: `sha256:${index}`,
        content: JSON.parse(json) as unknown,
        json,
      };
      void history.append(`d${index}.test`, snapshot, [], limits);
    }
    return history;
  });
  const ratio = (counted: number, held: number) => (counted / held).toFixed(2);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `  ${name.padEnd(14)} cache: counted ${kb(cache.bytes)}, heap held ${kb(cached.heap)} (counted/held ${ratio(cache.bytes, cached.heap)}) | history: counted ${kb(history.bytes)}, heap held ${kb(recorded.heap)} (counted/held ${ratio(history.bytes, recorded.heap)})`,
  );
  void cached.kept;
  void recorded.kept;
}

console.log(
  `store accounting: ${entries} entries of one ~12 kB section each; heap after a full GC`,
);
await measure("ASCII", "abcdefgh");
await measure("beyond Latin-1", "абвгдежз");
