export type { Engine, EngineOptions } from "@domain-intel/engine";
export {
  type BatchWorkerHandler,
  type BatchWorkerOptions,
  type BatchWorkerResult,
  createBatchWorker,
} from "./create-batch-worker.js";
export {
  createHandler,
  type DomainIntelLambdaOptions,
  type LambdaHandler,
  type LambdaHandlerOptions,
} from "./create-handler.js";
export type {
  LambdaEventV1,
  LambdaEventV2,
  LambdaHttpEvent,
  LambdaHttpResult,
} from "./lambda-types.js";
