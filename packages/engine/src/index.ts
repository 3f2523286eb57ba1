export { generateApiKey, hashApiKey } from "./auth/api-key.js";
export { type BearerParse, parseBearerToken } from "./auth/bearer-token.js";
export { type ParseKeyExpiryOptions, parseKeyExpiry } from "./auth/key-expiry.js";
export {
  cleanKeyRecord,
  type KeyRecord,
  type KeyStatus,
  keyNameProblem,
  keyRecordProblem,
  keyStatus,
  planNamePattern,
} from "./auth/key-record.js";
export { isKeyStore, type KeyStore, type MaybePromise } from "./auth/key-store.js";
export { isKeyStoreError, KeyStoreError, type KeyStoreErrorCode } from "./auth/key-store-error.js";
export type { KeyIdentity, KeyVerifier } from "./auth/key-verifier.js";
export { type KeysFromStoreOptions, keysFromStore } from "./auth/keys-from-store.js";
export {
  type CreateKeyOptions,
  createKey,
  type IssuedKey,
  type RevokeKeyOptions,
  type RotateKeyOptions,
  revokeKey,
  rotateKey,
} from "./auth/manage-keys.js";
export { type StaticKeysOptions, staticKeys } from "./auth/static-keys.js";
export type { BatchOptions, BatchWork } from "./batch/batch-options.js";
export { maxBatchBodyBytes } from "./batch/batch-request.js";
export type { CacheStore } from "./cache/cache-store.js";
export { type MemoryCache, type MemoryCacheOptions, memoryCache } from "./cache/memory-cache.js";
export { DomainIntelError, isDomainIntelError } from "./contract/domain-intel-error.js";
export { type ErrorCode, errorCodes, errorStatus } from "./contract/error-codes.js";
export type { Finding, FindingSeverity, FindingStatus } from "./contract/finding.js";
export type { JsonSchema } from "./contract/json-schema.js";
export {
  type NetworkPolicy,
  type Probe,
  type ProbeContext,
  ProbeError,
  type ProbeErrorCode,
} from "./contract/probe.js";
export {
  type ParsedProbeQuery,
  type ProbeQuery,
  type ProbeQueryParameter,
  queryValues,
} from "./contract/probe-query.js";
export {
  type ChangeKind,
  type DnsRecordChange,
  type FileChange,
  type HttpHeaderChange,
  type RegistrarChange,
  type Remediation,
  type RemediationChange,
  type RemediationParameter,
  RemediationSchema,
  type ServerSnippets,
  type TlsConfigChange,
} from "./contract/remediation.js";
export {
  checkOption,
  type OptionProblem,
  resolveOptions,
} from "./contract/resolve-options.js";
export {
  Defaulted,
  type OptionsOf,
  type SettingsOf,
  StringEnum,
  type TDefaulted,
} from "./contract/schema.js";
export type { CacheStatus, Report, SectionResult } from "./contract/section-result.js";
export { type NormalizedDomain, normalizeDomain } from "./domain/normalize-domain.js";
export { createEngine, type Engine, isEngine, type LookupOptions } from "./engine.js";
export {
  type CachingOptions,
  type EngineOptions,
  EngineOptionsSchema,
  engineOptionSchema,
  type NetworkOptions,
  type ProbesOption,
} from "./engine-options.js";
export {
  type AttemptOutcome,
  type DeadLetter,
  type DeliveryAttempt,
  type DeliveryPolicy,
  type DeliveryQueue,
  type DeliveryWorker,
  isDeliveryQueue,
  retryDelayMs,
  type WebhookMessage,
} from "./events/delivery-queue.js";
export type { DomainEvent, EventListener, EventType } from "./events/domain-event.js";
export { eventTypes } from "./events/domain-event.js";
export {
  type MemoryDeliveryQueueOptions,
  memoryDeliveryQueue,
} from "./events/memory-delivery-queue.js";
export type { WebhookOptions } from "./events/webhook-options.js";
export { isWebhookSecret } from "./events/webhook-signature.js";
export type {
  FleetChange,
  FleetExpiry,
  FleetMark,
  FleetRow,
  FleetSummary,
} from "./fleet/fleet-summary.js";
export type { HistoryOptions } from "./history/history-options.js";
export type {
  Change,
  ContentSnapshot,
  DomainHistory,
  HistoryLimits,
  HistoryStore,
  Snapshot,
} from "./history/history-store.js";
export {
  type MemoryHistory,
  type MemoryHistoryOptions,
  memoryHistory,
} from "./history/memory-history.js";
export { assetRoute, type RouteAsset } from "./http/asset-route.js";
export {
  type EngineHandler,
  type EngineRequest,
  type EngineResponse,
  maxRequestBodyBytes,
} from "./http/engine-http.js";
export type {
  EngineRoute,
  EngineRouteContext,
  EngineRouteOpenApi,
  EngineRouteOpenApiTools,
  EngineRouteRequest,
} from "./http/engine-route.js";
export { jsonResponse } from "./http/responses.js";
export type {
  BatchJob,
  BatchJobSpec,
  BatchProgress,
  BatchStatus,
  BatchStore,
  InvalidBatchDomain,
} from "./jobs/batch-store.js";
export {
  type MemoryBatchStore,
  type MemoryBatchStoreOptions,
  memoryBatchStore,
} from "./jobs/memory-batch-store.js";
export { memoryWorkQueue } from "./jobs/memory-work-queue.js";
export type { WorkerHandle, WorkJob, WorkProcessor, WorkQueue } from "./jobs/work-queue.js";
export type {
  CacheLookupEvent,
  EngineHooks,
  ProbeEvent,
  RequestEvent,
} from "./logging/engine-hooks.js";
export { consoleLogger, describeError, type Logger, silentLogger } from "./logging/logger.js";
export {
  type DnsData,
  type DnsProbeOptions,
  dnsProbe,
  parseTrustAnchors,
} from "./probes/dns/index.js";
export {
  type DetectedProvider,
  type EvidenceKind,
  evidenceKinds,
  type HostingAddress,
  type HostingData,
  type HostingFindingId,
  type HostingHost,
  type HostingProbeOptions,
  type HostingRole,
  hostingFindingIds,
  hostingProbe,
  hostingRoles,
  type ProviderCategory,
  type ProviderEntry,
  type ProviderEvidence,
  providerTable,
} from "./probes/hosting/index.js";
export {
  type HttpData,
  type HttpProbeOptions,
  httpProbe,
  parseSecurityTxt,
} from "./probes/http/index.js";
export {
  type MailData,
  type MailProbeOptions,
  mailDataSchema,
  mailFindingIds,
  mailProbe,
} from "./probes/mail/index.js";
export { type SslData, type SslProbeOptions, sslProbe } from "./probes/ssl/index.js";
export { whoisProbe } from "./probes/whois/index.js";
export type { IpNetworkFacts, IpNetworkSource } from "./protocols/ip-network/ip-network.js";
export type { AsnSourceOption } from "./protocols/ip-network/network-data.js";
export { parseRtrCache } from "./protocols/rtr/rtr-option.js";
export { type MemoryRateLimitOptions, memoryRateLimit } from "./ratelimit/memory-rate-limit.js";
export type { RateLimitOptions } from "./ratelimit/rate-limit-options.js";
export type {
  RateLimitDecision,
  RateLimitPlan,
  RateLimitStore,
} from "./ratelimit/rate-limit-store.js";
export { type BucketState, takeTokens } from "./ratelimit/token-bucket.js";
export {
  DomainFixesSchema,
  type FixEntry,
  FixEntrySchema,
  type FixGroup,
  findingsIn,
  fixesOf,
  groupFixes,
} from "./report/fixes.js";
export { memorySweepScheduler } from "./watch/memory-sweep-scheduler.js";
export type { SweepOptions, SweepSummary } from "./watch/run-sweep.js";
export type { SweepJob, SweepScheduler } from "./watch/sweep-scheduler.js";
export type { WatchOptions } from "./watch/watch-options.js";
