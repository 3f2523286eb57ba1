import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { Reader, type Response } from "mmdb-lib";
import { coveringIpv4Prefix } from "./covering-prefix.js";
import type { IpData, IpNetworkFacts } from "./ip-data.js";
import { ipv4Number, ipv6Text, ipv6Words } from "./ip-number.js";

/** The fields read from a record: MaxMind's GeoLite2/GeoIP2 names and ip-location-db's. */
interface MmdbRecord {
  autonomous_system_number?: number;
  autonomous_system_organization?: string;
  country?: { iso_code?: string };
  country_code?: string;
}

/**
 * Network and country data from MaxMind DB files (GeoLite2-ASN, GeoLite2-Country, GeoIP2-ISP,
 * ip-location-db's `.mmdb` builds), read with mmdb-lib. Each lookup takes each field from the
 * first file that has it; the prefix is the network of the record that gave the AS (or of the
 * first record found). Rejects with a TypeError for a bad option, or the file's error.
 */
export async function loadMmdbData(options: {
  readonly files: readonly string[];
}): Promise<IpData> {
  if (typeof options !== "object" || options === null) {
    throw new TypeError("loadMmdbData: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (key !== "files") throw new TypeError(`loadMmdbData: options.${key} is not an option`);
  }
  const { files } = options;
  if (
    !Array.isArray(files) ||
    files.length === 0 ||
    !files.every((file) => typeof file === "string")
  ) {
    throw new TypeError("loadMmdbData: options.files must be a non-empty array of file paths");
  }
  let bytes = 0;
  const readers = await Promise.all(
    files.map(async (file) => {
      const buffer = await readFile(file);
      bytes += buffer.byteLength;
      try {
        return new Reader<MmdbRecord & Response>(buffer);
      } catch (error) {
        throw new SyntaxError(`${file}: not a MaxMind DB file (${(error as Error).message})`);
      }
    }),
  );
  return {
    source: `mmdb:${files.join(",")}`,
    lookup: (address) => lookupAll(readers, address),
    asn: (address) => lookupAll(readers, address)?.asn ?? null,
    stats: { asnRanges: 0, countryRanges: 0, overlapsTrimmed: 0, bytes },
  };
}

function lookupAll(
  readers: readonly Reader<MmdbRecord & Response>[],
  address: string,
): IpNetworkFacts | null {
  if (typeof address !== "string" || isIP(address) === 0) return null;
  const facts: {
    asn: number | null;
    asName: string | null;
    prefix: string | null;
    country: string | null;
  } = { asn: null, asName: null, prefix: null, country: null };
  for (const reader of readers) {
    const [record, length] = reader.getWithPrefixLength(address);
    if (!record) continue;
    if (facts.asn === null && typeof record.autonomous_system_number === "number") {
      facts.asn = record.autonomous_system_number;
      facts.asName = record.autonomous_system_organization ?? null;
      facts.prefix = networkOf(address, length);
    }
    facts.prefix ??= networkOf(address, length);
    const code = record.country?.iso_code ?? record.country_code;
    if (facts.country === null && typeof code === "string" && /^[A-Za-z]{2}$/.test(code)) {
      facts.country = code.toUpperCase();
    }
  }
  return facts;
}

/** The network of `length` bits that holds the address, as CIDR. */
function networkOf(address: string, length: number): string {
  const v4 = ipv4Number(address);
  if (v4 >= 0) {
    const size = 2 ** (32 - length);
    const start = v4 - (v4 % size);
    return coveringIpv4Prefix(v4, start, start + size - 1);
  }
  const words = new Uint32Array(4);
  ipv6Words(address, words);
  for (let word = 0; word < 4; word++) {
    const kept = Math.min(32, Math.max(0, length - word * 32));
    words[word] = kept === 0 ? 0 : (words[word]! & ((0xffffffff << (32 - kept)) >>> 0)) >>> 0;
  }
  return `${ipv6Text(words)}/${length}`;
}
