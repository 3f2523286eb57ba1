/**
 * Inclusive address ranges, sorted by start, in typed arrays: IPv4 as one 32-bit word a bound,
 * IPv6 as four. Each range carries an index into a table of values kept by the caller. A
 * lookup is a binary search: about 19 steps for 400,000 ranges, no allocation.
 */
export interface RangeTable {
  readonly family: 4 | 6;
  readonly count: number;
  /** Words of every range start, `count * (family === 4 ? 1 : 4)`. */
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly values: Uint32Array;
  /** Ranges cut short because the next one started inside them. */
  readonly trimmed: number;
  /**
   * For each value of an address's top 16 bits, the last range starting at or before the
   * first address with those bits (0 when none does), and one more entry for the end: a
   * lookup searches only between two neighbours, a few ranges, instead of all of them.
   */
  readonly top16: Uint32Array;
}

/** Collects ranges in any order; `build()` sorts them and checks they do not overlap. */
export interface RangeTableBuilder {
  add(start: ArrayLike<number>, end: ArrayLike<number>, value: number): void;
  build(): RangeTable;
}

export function rangeTableBuilder(family: 4 | 6): RangeTableBuilder {
  const width = family === 4 ? 1 : 4;
  let capacity = 1024;
  let count = 0;
  let starts = new Uint32Array(capacity * width);
  let ends = new Uint32Array(capacity * width);
  let values = new Uint32Array(capacity);
  const grow = () => {
    capacity *= 2;
    const wider = (old: Uint32Array, size: number) => {
      const next = new Uint32Array(size);
      next.set(old);
      return next;
    };
    starts = wider(starts, capacity * width);
    ends = wider(ends, capacity * width);
    values = wider(values, capacity);
  };
  return {
    add(start, end, value) {
      if (compareWords(start, 0, end, 0, width) > 0) {
        throw new RangeError("a range ends before it starts");
      }
      if (count === capacity) grow();
      for (let word = 0; word < width; word++) {
        starts[count * width + word] = start[word]!;
        ends[count * width + word] = end[word]!;
      }
      values[count] = value;
      count++;
    },
    build() {
      const table = sortedTable({ family, width, count, starts, ends, values });
      let trimmed = 0;
      for (let index = 1; index < table.count; index++) {
        const previous = (index - 1) * width;
        if (compareWords(table.ends, previous, table.starts, index * width, width) >= 0) {
          // Published data has the odd overlap (ip-location-db's README owns to bugs): the range
          // that starts later wins from its start on, so a lookup stays one binary search.
          endBefore(table.ends, previous, table.starts, index * width, width);
          trimmed++;
        }
      }
      return { ...table, trimmed, top16: top16Index(table, width) };
    },
  };
}

/** Sets the bound at `offset` to the one before `next` (which is above zero: it follows a start). */
function endBefore(
  ends: Uint32Array,
  offset: number,
  starts: Uint32Array,
  next: number,
  width: number,
): void {
  let borrow = true;
  for (let word = width - 1; word >= 0; word--) {
    const value = starts[next + word]!;
    ends[offset + word] = borrow ? (value - 1) >>> 0 : value;
    borrow &&= value === 0;
  }
}

function sortedTable(options: {
  family: 4 | 6;
  width: number;
  count: number;
  starts: Uint32Array;
  ends: Uint32Array;
  values: Uint32Array;
}): Omit<RangeTable, "trimmed" | "top16"> {
  const { family, width, count } = options;
  const trim = (array: Uint32Array, size: number) => array.slice(0, size);
  let inOrder = true;
  for (let index = 1; index < count && inOrder; index++) {
    inOrder =
      compareWords(options.starts, (index - 1) * width, options.starts, index * width, width) < 0;
  }
  if (inOrder) {
    return {
      family,
      count,
      starts: trim(options.starts, count * width),
      ends: trim(options.ends, count * width),
      values: trim(options.values, count),
    };
  }
  // Data files are sorted; a file given by hand may not be.
  const order = Array.from({ length: count }, (_, index) => index).sort((a, b) =>
    compareWords(options.starts, a * width, options.starts, b * width, width),
  );
  const starts = new Uint32Array(count * width);
  const ends = new Uint32Array(count * width);
  const values = new Uint32Array(count);
  order.forEach((from, to) => {
    starts.set(options.starts.subarray(from * width, from * width + width), to * width);
    ends.set(options.ends.subarray(from * width, from * width + width), to * width);
    values[to] = options.values[from]!;
  });
  return { family, count, starts, ends, values };
}

function top16Index(table: Omit<RangeTable, "trimmed" | "top16">, width: number): Uint32Array {
  const index = new Uint32Array(65537);
  let range = 0;
  for (let top = 0; top < 65536; top++) {
    const first = top * 65536;
    while (
      range + 1 < table.count &&
      startsAtOrBefore(table.starts, (range + 1) * width, width, first)
    ) {
      range++;
    }
    index[top] = range;
  }
  index[65536] = Math.max(0, table.count - 1);
  return index;
}

/** Whether the start at `offset` is at or before the address whose words are `[first, 0, 0, 0]`. */
function startsAtOrBefore(
  starts: Uint32Array,
  offset: number,
  width: number,
  first: number,
): boolean {
  const word = starts[offset]!;
  if (word !== first) return word < first;
  for (let rest = 1; rest < width; rest++) if (starts[offset + rest] !== 0) return false;
  return true;
}

/** -1, 0 or 1 as the `width` words of `a` at `aOffset` compare to those of `b`. */
export function compareWords(
  a: ArrayLike<number>,
  aOffset: number,
  b: ArrayLike<number>,
  bOffset: number,
  width: number,
): number {
  for (let word = 0; word < width; word++) {
    const left = a[aOffset + word]!;
    const right = b[bOffset + word]!;
    if (left !== right) return left < right ? -1 : 1;
  }
  return 0;
}

/** The index of the range holding an IPv6 address (four words at `offset`), or -1. */
export function findIpv6(table: RangeTable, words: ArrayLike<number>, offset = 0): number {
  const { starts, ends } = table;
  const top = words[offset]! >>> 16;
  let low = table.top16[top]!;
  let high = table.top16[top + 1]!;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compareWords(starts, middle * 4, words, offset, 4) <= 0) low = middle + 1;
    else high = middle - 1;
  }
  return high >= 0 && compareWords(ends, high * 4, words, offset, 4) >= 0 ? high : -1;
}

/** Bytes the table's arrays hold. */
export function tableBytes(table: RangeTable): number {
  return table.starts.byteLength + table.ends.byteLength + table.values.byteLength;
}
