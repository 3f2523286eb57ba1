export {
  WhoisOptions,
  type WhoisProbeOptions,
  type WhoisSettings,
  whoisDeclaration,
} from "./declaration.js";
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
export { createWhoisProbe, whoisProbe } from "./whois-probe.js";
