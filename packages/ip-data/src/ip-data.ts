import { coveringIpv4Prefix, coveringIpv6Prefix } from "./covering-prefix.js";
import { type CsvInput, csvFields, readCsvRanges, readCsvRangesInSlices } from "./csv-ranges.js";
import { ipv4Number, ipv6Words } from "./ip-number.js";
import { findIpv4, findIpv6, type RangeTable, tableBytes } from "./range-table.js";

/** What the data says of one address; a field the data lacks is null. */
export interface IpNetworkFacts {
  /** The autonomous system announcing the address. */
  asn: number | null;
  asName: string | null;
  /** The block holding the address, as CIDR (see `coveringIpv4Prefix`). */
  prefix: string | null;
  /** ISO 3166-1 alpha-2 code, upper case. */
  country: string | null;
}

/**
 * Network and country data held in memory. `lookup` is synchronous and allocates only its
 * answer; it answers null for anything that is not an IP literal.
 */
export interface IpData {
  /** What the data is, for `data.source` of the hosting section. */
  readonly source: string;
  lookup(address: string): IpNetworkFacts | null;
  /** Ranges held and the bytes their arrays take. */
  readonly stats: {
    readonly asnRanges: number;
    readonly countryRanges: number;
    /** Ranges of the data that overlapped the next one and were cut short at its start. */
    readonly overlapsTrimmed: number;
    readonly bytes: number;
  };
}

interface AsnEntry {
  asn: number;
  name: string | null;
}

interface CsvSources {
  source: string;
  asn: readonly CsvInput[];
  country: readonly CsvInput[];
}

/** The data from CSV texts in ip-location-db's form (`start,end,asn,name` and `start,end,CC`). */
export function ipDataFromCsv(options: CsvSources): IpData {
  const values = valueTables();
  const asn = readCsvRanges({ inputs: options.asn, value: values.asnValue });
  const country = readCsvRanges({ inputs: options.country, value: values.countryValue });
  return tableIpData({
    source: options.source,
    asn,
    country,
    entries: values.entries,
    countries: values.countries,
  });
}

/** The same, read in slices that leave the event loop a turn (large files). */
export async function ipDataFromCsvInSlices(options: CsvSources): Promise<IpData> {
  const values = valueTables();
  const asn = await readCsvRangesInSlices({ inputs: options.asn, value: values.asnValue });
  const country = await readCsvRangesInSlices({
    inputs: options.country,
    value: values.countryValue,
  });
  return tableIpData({
    source: options.source,
    asn,
    country,
    entries: values.entries,
    countries: values.countries,
  });
}

/** The AS entries and country codes the ranges point at, each kept once. */
function valueTables() {
  const entries: AsnEntry[] = [];
  const entryIndex = new Map<string, number>();
  const countries: string[] = [];
  const countryIndex = new Map<string, number>();
  return {
    entries,
    countries,
    asnValue: (rest: string) => {
      let index = entryIndex.get(rest);
      if (index !== undefined) return index;
      const [number, name] = csvFields(rest);
      const value = Number(number);
      if (!/^\d+$/.test(number ?? "") || value > 0xffffffff) return -1;
      index = entries.push({ asn: value, name: name?.trim() || null }) - 1;
      entryIndex.set(rest, index);
      return index;
    },
    countryValue: (rest: string) => {
      const code = rest.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(code)) return -1;
      let index = countryIndex.get(code);
      if (index === undefined) {
        index = countries.push(code) - 1;
        countryIndex.set(code, index);
      }
      return index;
    },
  };
}

function tableIpData(options: {
  source: string;
  asn: { ipv4: RangeTable; ipv6: RangeTable };
  country: { ipv4: RangeTable; ipv6: RangeTable };
  entries: readonly AsnEntry[];
  countries: readonly string[];
}): IpData {
  const { asn, country, entries, countries } = options;
  const words = new Uint32Array(4);
  // Most ranges are one CIDR block: their prefix is the same for every address in them, so it
  // is formatted once, on first use, and kept (at most one string a range).
  const blockPrefixes: (string | undefined)[] = new Array(asn.ipv4.count);
  const prefix4 = (at: number, value: number): string => {
    const known = blockPrefixes[at];
    if (known !== undefined) return known;
    const start = asn.ipv4.starts[at]!;
    const end = asn.ipv4.ends[at]!;
    const prefix = coveringIpv4Prefix(value, start, end);
    const size = 2 ** (32 - Number(prefix.slice(prefix.indexOf("/") + 1)));
    if (end - start + 1 === size) blockPrefixes[at] = prefix;
    return prefix;
  };
  const lookup4 = (value: number): IpNetworkFacts => {
    const at = findIpv4(asn.ipv4, value);
    const where = findIpv4(country.ipv4, value);
    const entry = at < 0 ? undefined : entries[asn.ipv4.values[at]!];
    return {
      asn: entry?.asn ?? null,
      asName: entry?.name ?? null,
      prefix: at < 0 ? null : prefix4(at, value),
      country: where < 0 ? null : countries[country.ipv4.values[where]!]!,
    };
  };
  const lookup6 = (): IpNetworkFacts => {
    const at = findIpv6(asn.ipv6, words);
    const where = findIpv6(country.ipv6, words);
    const entry = at < 0 ? undefined : entries[asn.ipv6.values[at]!];
    return {
      asn: entry?.asn ?? null,
      asName: entry?.name ?? null,
      prefix:
        at < 0
          ? null
          : coveringIpv6Prefix(
              words,
              asn.ipv6.starts.subarray(at * 4, at * 4 + 4),
              asn.ipv6.ends.subarray(at * 4, at * 4 + 4),
            ),
      country: where < 0 ? null : countries[country.ipv6.values[where]!]!,
    };
  };
  const tables = [asn.ipv4, asn.ipv6, country.ipv4, country.ipv6];
  return {
    source: options.source,
    lookup(address) {
      if (typeof address !== "string") return null;
      const v4 = ipv4Number(address);
      if (v4 >= 0) return lookup4(v4);
      if (!ipv6Words(address, words)) return null;
      // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 address.
      if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return lookup4(words[3]!);
      return lookup6();
    },
    stats: {
      asnRanges: asn.ipv4.count + asn.ipv6.count,
      countryRanges: country.ipv4.count + country.ipv6.count,
      overlapsTrimmed: tables.reduce((sum, table) => sum + table.trimmed, 0),
      bytes: tables.reduce((sum, table) => sum + tableBytes(table), 0),
    },
  };
}
