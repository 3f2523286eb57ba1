import { coveringIpv6Prefix } from "./covering-prefix.js";
import { ipv4Number, ipv6Words } from "./ip-number.js";
import { buildIpTables, type CsvSources, type IpTables } from "./ip-tables.js";
import { findSegment, segmentPrefix } from "./ipv4-segments.js";
import { findIpv6 } from "./range-table.js";

/** What the data says of one address; a field the data lacks is null. */
export interface IpNetworkFacts {
  /** The autonomous system announcing the address. */
  readonly asn: number | null;
  readonly asName: string | null;
  /** The block holding the address, as CIDR (see `coveringIpv4Prefix`). */
  readonly prefix: string | null;
  /** ISO 3166-1 alpha-2 code, upper case. */
  readonly country: string | null;
}

/**
 * Network and country data held in memory. `lookup` is synchronous and answers null for
 * anything that is not an IP literal; each answer is a new object, the caller's to keep.
 */
export interface IpData {
  /** What the data is, for `data.source` of the hosting section. */
  readonly source: string;
  lookup(address: string): IpNetworkFacts | null;
  /**
   * The AS number alone (null when the data has none, or for anything that is not an IP
   * literal): no object, no string, nothing allocated (what `dns.ns.as-diversity` needs).
   */
  asn(address: string): number | null;
  /** Ranges held and the bytes their arrays take. */
  readonly stats: IpTables["stats"];
}

/** The data from CSV texts in ip-location-db's form (`start,end,asn,name` and `start,end,CC`). */
export function ipDataFromCsv(options: CsvSources): IpData {
  return ipDataFromTables(buildIpTables(options));
}

const isIpv6 = -1;
const notIp = -2;

/** Lookups over tables built here or on another thread. */
export function ipDataFromTables(tables: IpTables): IpData {
  const { v4, asn6, country6, entryAsns } = tables;
  const { entryNames, entryNameEnds } = tables;
  // Each name sliced once, when first asked for (at most one string an AS entry).
  const names: (string | null | undefined)[] = new Array(entryAsns.length);
  const asName = (entry: number): string | null => {
    const known = names[entry];
    if (known !== undefined) return known;
    const name =
      entryNames.slice(entry === 0 ? 0 : entryNameEnds[entry - 1], entryNameEnds[entry]) || null;
    names[entry] = name;
    return name;
  };
  const countries = Array.from({ length: tables.countryCodes.length / 2 }, (_, index) =>
    tables.countryCodes.slice(index * 2, index * 2 + 2),
  );
  const words = new Uint32Array(4);
  // A new small object each time, not a cache of answers: on random addresses a cache missed
  // almost always and its answers lived long enough to be promoted, then collected (the GC took
  // more than building them again); a fresh answer dies young, which costs next to nothing.
  const lookup4 = (value: number): IpNetworkFacts => {
    const segment = findSegment(v4, value);
    const entry = v4.entries[segment]!;
    const where = v4.countries[segment]!;
    return {
      asn: entry < 0 ? null : entryAsns[entry]!,
      asName: entry < 0 ? null : asName(entry),
      prefix: entry < 0 ? null : segmentPrefix(v4, segment),
      country: where < 0 ? null : countries[where]!,
    };
  };
  const lookup6 = (): IpNetworkFacts => {
    const at = findIpv6(asn6, words);
    const where = findIpv6(country6, words);
    const entry = at < 0 ? -1 : asn6.values[at]!;
    return {
      asn: entry < 0 ? null : entryAsns[entry]!,
      asName: entry < 0 ? null : asName(entry),
      prefix: at < 0 ? null : coveringIpv6Prefix(words, asn6.starts, asn6.ends, at * 4),
      country: where < 0 ? null : countries[country6.values[where]!]!,
    };
  };
  const asn4 = (value: number): number | null => {
    const entry = v4.entries[findSegment(v4, value)]!;
    return entry < 0 ? null : entryAsns[entry]!;
  };
  /** An address as its IPv4 number (IPv4-mapped ones too), or `isIpv6` with `words` set, or `notIp`. */
  const read = (address: unknown): number => {
    if (typeof address !== "string") return notIp;
    const value = ipv4Number(address);
    if (value >= 0) return value;
    if (!ipv6Words(address, words)) return notIp;
    // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
    if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return words[3]!;
    return isIpv6;
  };
  return {
    source: tables.source,
    asn(address) {
      const value = read(address);
      if (value >= 0) return asn4(value);
      if (value === notIp) return null;
      const at = findIpv6(asn6, words);
      return at < 0 ? null : entryAsns[asn6.values[at]!]!;
    },
    lookup(address) {
      const value = read(address);
      if (value >= 0) return lookup4(value);
      return value === notIp ? null : lookup6();
    },
    stats: tables.stats,
  };
}
