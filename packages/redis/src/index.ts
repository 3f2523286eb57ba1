export {
  type BullmqDeliveryQueueOptions,
  bullmqDeliveryQueue,
} from "./bullmq-delivery-queue.js";
export {
  type BullmqSweepSchedulerOptions,
  bullmqSweepScheduler,
} from "./bullmq-sweep-scheduler.js";
export { type BullmqWorkQueueOptions, bullmqWorkQueue } from "./bullmq-work-queue.js";
export { type RedisBatchStoreOptions, redisBatchStore } from "./redis-batch-store.js";
export { type RedisCacheOptions, redisCache } from "./redis-cache.js";
export type { RedisCommandClient } from "./redis-client.js";
export { type RedisHistoryOptions, redisHistory } from "./redis-history.js";
export { type RedisKeys, type RedisKeysOptions, redisKeys, type StoredKey } from "./redis-keys.js";
export { type RedisRateLimitOptions, redisRateLimit } from "./redis-rate-limit.js";
