export {
  createNodeHandler,
  type NodeHandler,
  sendEngineResponse,
  toEngineRequest,
} from "./node-http.js";
export { type ReadRequestBodyOptions, readRequestBody } from "./request-body.js";
