import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { CsvInput } from "./csv-ranges.js";
import { type IpData, ipDataFromCsvInSlices } from "./ip-data.js";

export interface LoadIpDataOptions {
  /**
   * CSV files of `start,end,asn,name` ranges. Default: `@ip-location-db/asn`'s IPv4 and IPv6
   * files (RouteViews, the five RIRs and DB-IP, CC BY 4.0).
   */
  readonly asnFiles?: readonly string[];
  /**
   * CSV files of `start,end,CC` ranges. Default: `@ip-location-db/geo-whois-asn-country`'s
   * (CC0).
   */
  readonly countryFiles?: readonly string[];
}

const knownOptions = new Set(["asnFiles", "countryFiles"]);

const packageFile = (name: string, file: string) =>
  join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);

/** The files read when none are given, in the data packages this package depends on. */
export const defaultDataFiles = {
  asn: () => [
    packageFile("@ip-location-db/asn", "asn-ipv4-num.csv"),
    packageFile("@ip-location-db/asn", "asn-ipv6.csv"),
  ],
  country: () => [
    packageFile("@ip-location-db/geo-whois-asn-country", "geo-whois-asn-country-ipv4-num.csv"),
    packageFile("@ip-location-db/geo-whois-asn-country", "geo-whois-asn-country-ipv6.csv"),
  ],
};

/**
 * Reads the network and country data into memory once (about a second of CPU and some 40 MB for
 * the default files, in slices that leave the event loop a turn; see the README). Rejects with a TypeError for a bad option, or with the
 * file's error (missing, unreadable, a line that does not read).
 */
export async function loadIpData(options: LoadIpDataOptions = {}): Promise<IpData> {
  checkOptions(options);
  const asnFiles = options.asnFiles ?? defaultDataFiles.asn();
  const countryFiles = options.countryFiles ?? defaultDataFiles.country();
  const [asn, country] = await Promise.all([readInputs(asnFiles), readInputs(countryFiles)]);
  const source =
    options.asnFiles === undefined && options.countryFiles === undefined
      ? "ip-location-db"
      : [...asnFiles, ...countryFiles].join(", ");
  return ipDataFromCsvInSlices({ source, asn, country });
}

function checkOptions(options: LoadIpDataOptions): void {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new TypeError("loadIpData: options must be an object");
  }
  for (const key of Object.keys(options)) {
    if (!knownOptions.has(key)) throw new TypeError(`loadIpData: options.${key} is not an option`);
  }
  for (const key of knownOptions) {
    const files = (options as Record<string, unknown>)[key];
    if (
      files !== undefined &&
      !(Array.isArray(files) && files.every((file) => typeof file === "string" && file !== ""))
    ) {
      throw new TypeError(`loadIpData: options.${key} must be an array of file paths`);
    }
  }
}

const readInputs = (files: readonly string[]) =>
  Promise.all(
    files.map(
      async (file): Promise<CsvInput> => ({
        text: await readFile(file, "utf8"),
        source: file,
        // ip-location-db's `-ipv6-num.csv` files hold 128-bit decimal bounds.
        numericFamily: /ipv6-num\.csv$/i.test(file) ? 6 : 4,
      }),
    ),
  );
