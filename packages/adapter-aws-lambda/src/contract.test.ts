import { httpApiEvent, restApiEvent, resultBody } from "@domain-intel/test-kit";
import {
  type ContractApp,
  type ContractRequest,
  runContractSuite,
} from "@domain-intel/test-kit/contract-suite";
import { createHandler, type LambdaHandler } from "./index.js";

/** Invokes the handler in-process, as the Lambda runtime would, with an event built per request. */
function invokeApp(
  handler: LambdaHandler,
  toEvent: (request: ContractRequest) => unknown,
): ContractApp {
  return {
    async request(request) {
      const result = await handler(toEvent(request));
      return { status: result.statusCode, headers: result.headers, body: resultBody(result) };
    },
    close: async () => undefined,
  };
}

runContractSuite({
  streamsResults: false,
  name: "AWS Lambda, REST API (payload 1.0)",
  start: async (options) => invokeApp(createHandler(options), (request) => restApiEvent(request)),
});

runContractSuite({
  streamsResults: false,
  name: "AWS Lambda, HTTP API on stage /prod (payload 2.0)",
  start: async (options) =>
    invokeApp(createHandler({ engine: options, basePath: "/prod" }), (request) =>
      httpApiEvent(request, { fixture: "http-api-v2-stage", prefix: "/prod" }),
    ),
});

runContractSuite({
  streamsResults: false,
  name: "AWS Lambda, function URL (payload 2.0)",
  start: async (options) =>
    invokeApp(createHandler(options), (request) =>
      httpApiEvent(request, { fixture: "function-url" }),
    ),
});
