export { generateApiKey } from "./auth/api-key.js";
export {
  type FileKeyStore,
  type FileKeyStoreOptions,
  fileKeyStore,
  type KeyFileFormat,
} from "./auth/file-key-store.js";
export { type ParseKeyExpiryOptions, parseKeyExpiry } from "./auth/key-expiry.js";
export { type KeyRecord, type KeyStatus, keyStatus } from "./auth/key-record.js";
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
export type { CacheStatus, Report, SectionResult } from "./contract/section-result.js";
export { type NormalizedDomain, normalizeDomain } from "./domain/normalize-domain.js";
export { createEngine, type Engine, isEngine } from "./engine.js";
export type {
  CachingOptions,
  EngineOptions,
  NetworkOptions,
  ProbesOption,
} from "./engine-options.js";
export {
  type EngineHandler,
  type EngineRequest,
  type EngineResponse,
  maxRequestBodyBytes,
} from "./http/engine-http.js";
export type {
  KeyGrant,
  KeyIssuingAuthorize,
  KeyIssuingOptions,
} from "./http/key-issuing/key-issuing-options.js";
export { consoleLogger, type Logger, silentLogger } from "./logging/logger.js";
export { type DnsData, type DnsProbeOptions, dnsProbe } from "./probes/dns/index.js";
export { type SslData, type SslProbeOptions, sslProbe } from "./probes/ssl/index.js";
export { whoisProbe } from "./probes/whois/index.js";
export { type MemoryRateLimitOptions, memoryRateLimit } from "./ratelimit/memory-rate-limit.js";
export type { RateLimitOptions } from "./ratelimit/rate-limit-options.js";
export type {
  RateLimitDecision,
  RateLimitPlan,
  RateLimitStore,
} from "./ratelimit/rate-limit-store.js";
export { type BucketState, takeTokens } from "./ratelimit/token-bucket.js";
