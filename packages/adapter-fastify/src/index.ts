export type { Engine, EngineOptions } from "@domain-intel/engine";
export { type DomainIntelFastifyOptions, domainIntel } from "./domain-intel-plugin.js";
