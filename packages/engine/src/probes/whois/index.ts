export { whoisDataSchema } from "./schema.js";
export type {
  ServerOutcome,
  WhoisData,
  WhoisDnssec,
  WhoisDsRecord,
  WhoisPrivacy,
  WhoisRedaction,
  WhoisRegistrar,
  WhoisServer,
  WhoisStatus,
} from "./whois-data.js";
export { whoisFindingIds } from "./whois-findings.js";
export { type WhoisProbeOptions, whoisProbe } from "./whois-probe.js";
