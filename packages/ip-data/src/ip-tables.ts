import { type CsvInput, csvFields, readCsvRanges } from "./csv-ranges.js";
import { type Ipv4Segments, ipv4Segments, segmentBytes } from "./ipv4-segments.js";
import { type RangeTable, tableBytes } from "./range-table.js";

/**
 * Everything a lookup needs as typed arrays and three strings: built on any thread and handed
 * to the one that looks up without a copy or a parse (the arrays' buffers are transferred).
 */
export interface IpTables {
  readonly source: string;
  readonly v4: Ipv4Segments;
  readonly asn6: RangeTable;
  readonly country6: RangeTable;
  /** The AS number of each entry the ranges point at. */
  readonly entryAsns: Uint32Array;
  /** The AS names of the entries end to end (an empty name is none)... */
  readonly entryNames: string;
  /** ...and where each ends in it: no split on the looking-up thread, a slice when asked. */
  readonly entryNameEnds: Uint32Array;
  /** The country codes the ranges point at, two letters each, end to end. */
  readonly countryCodes: string;
  readonly stats: {
    readonly asnRanges: number;
    readonly countryRanges: number;
    readonly overlapsTrimmed: number;
    readonly bytes: number;
  };
}

export interface CsvSources {
  source: string;
  asn: readonly CsvInput[];
  country: readonly CsvInput[];
}

/** The tables from CSV texts in ip-location-db's form (`start,end,asn,name` and `start,end,CC`). */
export function buildIpTables(options: CsvSources): IpTables {
  const values = valueTables();
  const asn = readCsvRanges({ inputs: options.asn, value: values.asnValue });
  const country = readCsvRanges({ inputs: options.country, value: values.countryValue });
  const v4 = ipv4Segments(asn.ipv4, country.ipv4);
  const entryAsns = Uint32Array.from(values.asns);
  let end = 0;
  const entryNameEnds = Uint32Array.from(values.names, (name) => (end += name.length));
  const ranges = [asn.ipv4, asn.ipv6, country.ipv4, country.ipv6];
  return {
    source: options.source,
    v4,
    asn6: asn.ipv6,
    country6: country.ipv6,
    entryAsns,
    entryNames: values.names.join(""),
    entryNameEnds,
    countryCodes: values.countries.join(""),
    stats: {
      asnRanges: asn.ipv4.count + asn.ipv6.count,
      countryRanges: country.ipv4.count + country.ipv6.count,
      overlapsTrimmed: ranges.reduce((sum, table) => sum + table.trimmed, 0),
      bytes:
        segmentBytes(v4) +
        tableBytes(asn.ipv6) +
        tableBytes(country.ipv6) +
        entryAsns.byteLength +
        entryNameEnds.byteLength,
    },
  };
}

/** The buffers to transfer (each array owns its buffer whole). */
export function tableBuffers(tables: IpTables): ArrayBuffer[] {
  const { v4, asn6, country6 } = tables;
  return [
    v4.starts,
    v4.entries,
    v4.countries,
    v4.prefixLengths,
    v4.top16,
    asn6.starts,
    asn6.ends,
    asn6.values,
    asn6.top16,
    country6.starts,
    country6.ends,
    country6.values,
    country6.top16,
    tables.entryAsns,
    tables.entryNameEnds,
  ].map((array) => array.buffer as ArrayBuffer);
}

/** The AS entries and country codes the ranges point at, each kept once. */
function valueTables() {
  const asns: number[] = [];
  const names: string[] = [];
  const entryIndex = new Map<string, number>();
  const countries: string[] = [];
  const countryIndex = new Map<string, number>();
  return {
    asns,
    names,
    countries,
    asnValue: (rest: string) => {
      let index = entryIndex.get(rest);
      if (index !== undefined) return index;
      const [number, name] = csvFields(rest);
      const value = Number(number);
      if (!/^\d+$/.test(number ?? "") || value > 0xffffffff) return -1;
      asns.push(value);
      index = names.push(name?.trim() ?? "") - 1;
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
