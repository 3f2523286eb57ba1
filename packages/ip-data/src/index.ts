export { coveringIpv4Prefix, coveringIpv6Prefix } from "./covering-prefix.js";
export type { CsvInput } from "./csv-ranges.js";
export {
  type IpData,
  type IpNetworkFacts,
  ipDataFromCsv,
  ipDataFromTables,
} from "./ip-data.js";
export { buildIpTables, type IpTables } from "./ip-tables.js";
export { defaultDataFiles, type LoadIpDataOptions, loadIpData } from "./load-ip-data.js";
export { loadMmdbData } from "./mmdb-data.js";
