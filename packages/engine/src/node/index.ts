export {
  createNodeHandler,
  type NodeHandler,
  sendEngineResponse,
  toEngineRequest,
} from "./node-http.js";
