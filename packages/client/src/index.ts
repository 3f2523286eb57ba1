export {
  type BatchIdOptions,
  type BatchJob,
  type BatchResultLine,
  type ClientOptions,
  createClient,
  type DomainIntelClient,
  type FleetSummary,
  type History,
  type LookupOptions,
  type Report,
  type SectionEnvelope,
  type SectionName,
  type SinceOptions,
} from "./client.js";
export type { components, operations, paths } from "./generated/openapi.js";
export {
  DomainIntelProblemError,
  isDomainIntelProblemError,
  type Problem,
} from "./problem-error.js";
