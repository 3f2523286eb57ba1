import { ipv4Text } from "./ip-number.js";
import type { RangeTable } from "./range-table.js";

/**
 * The IPv4 space cut into segments that cover it from 0.0.0.0 to 255.255.255.255, each with
 * one answer: the AS entry, the country, and the CIDR block holding it. The AS ranges are cut
 * into their CIDR blocks and both tables' bounds merged, so a lookup is one binary search over
 * `starts` (no ends: a segment ends where the next starts) and every address of a segment has
 * the same answer, which is built once and shared.
 */
export interface Ipv4Segments {
  readonly count: number;
  /** The first address of each segment, ascending; `starts[0]` is 0. */
  readonly starts: Uint32Array;
  /** The AS entry of each segment, -1 for none. */
  readonly entries: Int32Array;
  /** The country of each segment, -1 for none. */
  readonly countries: Int16Array;
  /** The prefix length of the CIDR block holding the segment (when it has an AS entry). */
  readonly prefixLengths: Uint8Array;
  /** For each top 16 bits, the segment holding the first address with them; then `count - 1`. */
  readonly top16: Uint32Array;
}

const lastAddress = 0xffffffff;

/** Segments from the AS and country tables (sorted, not overlapping: `rangeTableBuilder`'s). */
export function ipv4Segments(asn: RangeTable, country: RangeTable): Ipv4Segments {
  const starts: number[] = [];
  const entries: number[] = [];
  const countries: number[] = [];
  const lengths: number[] = [];
  let range = 0;
  let area = 0;
  let blockEnd = -1;
  let blockLength = 0;
  // Plain numbers, not 32-bit words: `end + 1` may be 2^32, which ends the sweep.
  for (let at = 0; at <= lastAddress; ) {
    while (range < asn.count && asn.ends[range]! < at) range++;
    while (area < country.count && country.ends[area]! < at) area++;
    let end = lastAddress;
    let entry = -1;
    let newBlock = false;
    if (range < asn.count && asn.starts[range]! <= at) {
      if (at > blockEnd) {
        const hostBits = largestBlockBits(at, asn.ends[range]!);
        blockEnd = at + 2 ** hostBits - 1;
        blockLength = 32 - hostBits;
        newBlock = true;
      }
      entry = asn.values[range]!;
      end = blockEnd;
    } else if (range < asn.count) {
      end = asn.starts[range]! - 1;
    }
    let code = -1;
    if (area < country.count && country.starts[area]! <= at) {
      code = country.values[area]!;
      end = Math.min(end, country.ends[area]!);
    } else if (area < country.count) {
      end = Math.min(end, country.starts[area]! - 1);
    }
    const last = starts.length - 1;
    // A country bound inside nothing, or two country ranges of one code: one segment.
    const same = last >= 0 && !newBlock && entries[last] === entry && countries[last] === code;
    if (!same) {
      starts.push(at);
      entries.push(entry);
      countries.push(code);
      lengths.push(entry < 0 ? 0 : blockLength);
    }
    at = end + 1;
  }
  const segmentStarts = Uint32Array.from(starts);
  return {
    count: starts.length,
    starts: segmentStarts,
    entries: Int32Array.from(entries),
    countries: Int16Array.from(countries),
    prefixLengths: Uint8Array.from(lengths),
    top16: top16Index(segmentStarts),
  };
}

/** Host bits of the largest CIDR block starting at `start` and ending at or before `end`. */
function largestBlockBits(start: number, end: number): number {
  let bits = 0;
  while (bits < 32) {
    const size = 2 ** (bits + 1);
    if (start % size !== 0 || start + size - 1 > end) break;
    bits++;
  }
  return bits;
}

function top16Index(starts: Uint32Array): Uint32Array {
  const index = new Uint32Array(65537);
  let segment = 0;
  for (let top = 0; top < 65536; top++) {
    const first = top * 65536;
    while (segment + 1 < starts.length && starts[segment + 1]! <= first) segment++;
    index[top] = segment;
  }
  index[65536] = starts.length - 1;
  return index;
}

/** The segment holding an IPv4 number: the last one starting at or before it. */
export function findSegment(segments: Ipv4Segments, address: number): number {
  const { starts, top16 } = segments;
  const top = address >>> 16;
  let low = top16[top]!;
  let high = top16[top + 1]!;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= address) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The CIDR block holding a segment that has an AS entry, as text. */
export function segmentPrefix(segments: Ipv4Segments, segment: number): string {
  const length = segments.prefixLengths[segment]!;
  const mask = length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
  return ipv4Text((segments.starts[segment]! & mask) >>> 0) + slashLength[length]!;
}

const slashLength = Array.from({ length: 33 }, (_, length) => `/${length}`);

export function segmentBytes(segments: Ipv4Segments): number {
  return (
    segments.starts.byteLength +
    segments.entries.byteLength +
    segments.countries.byteLength +
    segments.prefixLengths.byteLength +
    segments.top16.byteLength
  );
}
