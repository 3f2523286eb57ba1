/**
 * What grew between two V8 heap snapshots (`BENCH_SOAK_HEAP_SNAPSHOTS` of `bench/soak.ts`):
 * the self size and count of each constructor (objects and native objects by their
 * constructor's name, strings, arrays, code... by their kind) in each, sorted by growth. Self sizes, not retained sizes:
 * what grows shows up as many more of some small thing; its holder is then found by name.
 *   npx tsx bench/support/heap-diff.ts before.heapsnapshot after.heapsnapshot [--top 25]
 */
import { readFileSync } from "node:fs";

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

interface Tally {
  bytes: number;
  count: number;
}

/** Bytes and count by constructor (objects) or kind (everything else). */
function tally(file: string): Map<string, Tally> {
  const heap = JSON.parse(readFileSync(file, "utf8")) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const kinds = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const totals = new Map<string, Tally>();
  for (let at = 0; at < heap.nodes.length; at += width) {
    const kind = kinds[heap.nodes[at + typeAt!]!]!;
    // Objects and native objects by their constructor's name, everything else by its kind.
    const name = heap.strings[heap.nodes[at + nameAt!]!]!;
    const key = kind === "object" ? name : kind === "native" ? `(native) ${name}` : `(${kind})`;
    const entry = totals.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[at + sizeAt!]!;
    entry.count += 1;
    totals.set(key, entry);
  }
  return totals;
}

const args = process.argv.slice(2);
const topIndex = args.indexOf("--top");
const top = topIndex >= 0 ? Number(args[topIndex + 1]) : 25;
const [before, after] = args.filter((arg, index) => arg !== "--top" && index !== topIndex + 1);
if (!before || !after)
  throw new Error("usage: heap-diff.ts before.heapsnapshot after.heapsnapshot");
const a = tally(before);
const b = tally(after);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const sum = (totals: Map<string, Tally>) => [...totals.values()].reduce((s, t) => s + t.bytes, 0);
console.log(`heap: ${mb(sum(a))} MB -> ${mb(sum(b))} MB (self sizes)`);
console.log("  growth MB  before MB  after MB   count before -> after   constructor");
const rows = [...new Set([...a.keys(), ...b.keys()])]
  .map((key) => {
    const was = a.get(key) ?? { bytes: 0, count: 0 };
    const now = b.get(key) ?? { bytes: 0, count: 0 };
    return { key, was, now, growth: now.bytes - was.bytes };
  })
  .sort((x, y) => y.growth - x.growth)
  .slice(0, top);
for (const { key, was, now, growth } of rows) {
  console.log(
    `  ${mb(growth).padStart(9)}  ${mb(was.bytes).padStart(9)}  ${mb(now.bytes).padStart(8)}   ${`${was.count} -> ${now.count}`.padEnd(22)}  ${key}`,
  );
}
