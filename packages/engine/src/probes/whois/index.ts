export {
  WhoisOptions,
  type WhoisProbeOptions,
  type WhoisSettings,
  whoisDeclaration,
} from "./declaration.js";
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
/** JSON Schema (2020-12) of the `whois` section's `data`. */
export { WhoisDataSchema, WhoisDataSchema as whoisDataSchema } from "./whois-data.js";
export { whoisFindingIds } from "./whois-findings.js";
export { createWhoisProbe, whoisProbe } from "./whois-probe.js";
