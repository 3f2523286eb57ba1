export {
  answerClientError,
  type ClientErrorSource,
  problemOnClientError,
} from "./client-error.js";
export {
  createNodeHandler,
  type NodeHandler,
  sendEngineResponse,
  type ToEngineRequestOptions,
  toEngineRequest,
} from "./node-http.js";
export { type ReadRequestBodyOptions, readRequestBody } from "./request-body.js";
