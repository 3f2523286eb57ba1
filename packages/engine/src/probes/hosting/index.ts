export {
  type HostingAddress,
  type HostingData,
  HostingDataSchema,
  type HostingHost,
  HostingOptions,
  type HostingProbeOptions,
  type HostingSettings,
  hostingDeclaration,
} from "./declaration.js";
export {
  type DetectedProvider,
  type EvidenceKind,
  evidenceKinds,
  type HostingRole,
  hostingRoles,
  type ProviderEvidence,
} from "./detect-providers.js";
export { type HostingFindingId, hostingFindingIds } from "./hosting-findings.js";
export { createHostingProbe, hostingProbe } from "./hosting-probe.js";
export { type ProviderCategory, type ProviderEntry, providerTable } from "./provider-table.js";
