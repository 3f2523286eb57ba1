export { whoisDataSchema } from "./schema.js";
export type {
  ServerOutcome,
  WhoisData,
  WhoisRegistrar,
  WhoisServer,
} from "./whois-data.js";
export { type WhoisProbeOptions, whoisProbe } from "./whois-probe.js";
