export {
  answerClientError,
  type ClientErrorSource,
  problemOnClientError,
} from "./client-error.js";
export {
  createNodeHandler,
  type NodeHandler,
  sendEngineResponse,
  toEngineRequest,
  withClientSignal,
} from "./node-http.js";
export { type ReadRequestBodyOptions, readRequestBody } from "./request-body.js";
