export type { Engine, EngineOptions } from "@domain-intel/engine";
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
