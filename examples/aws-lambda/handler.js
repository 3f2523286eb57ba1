// The domain-intel API as one Lambda function behind API Gateway (REST or HTTP API) or a
// function URL. See template.yaml; try it locally with `node invoke-local.js`.

import { createHandler } from "@domain-intel/aws-lambda";

// Runs once per container, when Lambda loads this module: every invocation shares the engine
// (and its cache). A missing API_KEYS fails the cold start with a TypeError naming options.keys.
export const handler = createHandler({
  engine: {
    keys: (process.env.API_KEYS ?? "").split(",").filter(Boolean),
    network: {
      ...(process.env.RESOLVERS ? { resolvers: process.env.RESOLVERS.split(",") } : {}),
    },
  },
  // A custom-domain base path mapping, e.g. BASE_PATH=/intel; empty on the default endpoints.
  basePath: process.env.BASE_PATH ?? "",
});
