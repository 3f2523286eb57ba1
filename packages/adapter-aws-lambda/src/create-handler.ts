import { createEngine, type Engine, type EngineOptions, isEngine } from "@domain-intel/engine";
import { eventToRequest } from "./event-to-request.js";
import type { LambdaHttpResult } from "./lambda-types.js";
import { responseToResult } from "./response-to-result.js";

export interface LambdaHandlerOptions {
  /** The engine, or the options to create it with. */
  readonly engine: Engine | EngineOptions;
  /**
   * A stage or custom-domain base path (`/prod`, `/intel`) that API Gateway leaves in the path,
   * removed before the engine sees it. Paths without it pass unchanged. Default: none.
   */
  readonly basePath?: string;
}

/** Engine options, an engine, or `{ engine, basePath }`. */
export type DomainIntelLambdaOptions = EngineOptions | Engine | LambdaHandlerOptions;

/** Takes any event: one that is not an HTTP request is answered 400, never thrown. */
export type LambdaHandler = (event: unknown, context?: unknown) => Promise<LambdaHttpResult>;

function fail(option: string, expectation: string): never {
  throw new TypeError(`createHandler: options.${option} ${expectation}`);
}

function handlerOptions(options: DomainIntelLambdaOptions): { engine: Engine; basePath: string } {
  if (typeof options !== "object" || options === null) fail("", "must be an object");
  if (isEngine(options)) return { engine: options, basePath: "" };
  if (!("engine" in options)) return { engine: createEngine(options), basePath: "" };
  for (const name of Object.keys(options)) {
    if (name !== "engine" && name !== "basePath")
      fail(name, "is not a handler option (engine options go under options.engine)");
  }
  const { engine, basePath = "" } = options;
  if (typeof engine !== "object" || engine === null)
    fail("engine", "must be an engine or engine options");
  if (
    typeof basePath !== "string" ||
    (basePath !== "" && (!/^\/[^?#\s]*$/.test(basePath) || basePath.endsWith("/")))
  ) {
    fail("basePath", 'must be "" or a path starting with "/" and not ending with "/"');
  }
  return { engine: isEngine(engine) ? engine : createEngine(engine), basePath };
}

/**
 * A Lambda handler for API Gateway REST APIs (payload 1.0), HTTP APIs (payload 2.0) and
 * function URLs. The engine is created here, once per container, not once per invocation:
 *
 *     export const handler = createHandler({ keys: [process.env.API_KEY] })
 */
export function createHandler(options: DomainIntelLambdaOptions): LambdaHandler {
  const { engine, basePath } = handlerOptions(options);
  return async (event) => {
    const mapped = eventToRequest(event, { basePath });
    if (!mapped.ok) {
      return responseToResult(
        engine.problem({
          code: "bad_request",
          detail: `The event is not an API Gateway or function URL request: ${mapped.problem}.`,
        }),
      );
    }
    return responseToResult(await engine.handle(mapped.request));
  };
}
