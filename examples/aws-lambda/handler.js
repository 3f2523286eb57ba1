// The domain-intel API as one Lambda function behind API Gateway (REST or HTTP API) or a
// function URL. See template.yaml; try it locally with `node invoke-local.js`.

import { createHandler } from "@domain-intel/aws-lambda";
import { engineOptions } from "./engine-options.js";

// Runs once per container, when Lambda loads this module: every invocation shares the engine.
export const handler = createHandler({
  engine: engineOptions,
  // A custom-domain base path mapping, e.g. BASE_PATH=/intel; empty on the default endpoints.
  basePath: process.env.BASE_PATH ?? "",
});
