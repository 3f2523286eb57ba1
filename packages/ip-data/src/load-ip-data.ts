import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type IpData, ipDataFromTables } from "./ip-data.js";
import { buildTablesOffThread } from "./off-thread.js";

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
 * Reads the network and country data into memory once: about two seconds of CPU for the default
 * files, spent on a worker thread, so the caller's event loop stays free; the tables arrive as
 * typed arrays moved from it, not copied or parsed. Rejects with a TypeError for a bad option,
 * or with the file's error (missing, unreadable, a line that does not read).
 */
export async function loadIpData(options: LoadIpDataOptions = {}): Promise<IpData> {
  checkOptions(options);
  const asnFiles = options.asnFiles ?? defaultDataFiles.asn();
  const countryFiles = options.countryFiles ?? defaultDataFiles.country();
  const source =
    options.asnFiles === undefined && options.countryFiles === undefined
      ? "ip-location-db"
      : [...asnFiles, ...countryFiles].join(", ");
  return ipDataFromTables(await buildTablesOffThread({ source, asnFiles, countryFiles }));
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
