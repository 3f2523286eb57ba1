import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "../engine.js";
import type { EngineRequest, EngineResponse } from "../http/engine-http.js";
import { readRequestBody } from "./request-body.js";

/** node:http request to the engine's request. Repeated headers are joined as RFC 9110 says. */
export function toEngineRequest(request: IncomingMessage): EngineRequest {
  const given = request.headers;
  // Node joins repeated request headers itself except set-cookie, the one array it keeps;
  // without one, the headers object can be handed on as it is, with no copy per request.
  const clientAddress = request.socket?.remoteAddress;
  if (given["set-cookie"] === undefined) {
    return {
      method: request.method ?? "GET",
      url: request.url ?? "/",
      headers: given as Record<string, string>,
      clientAddress,
    };
  }
  const headers: Record<string, string> = {};
  for (const name in given) {
    const value = given[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return { method: request.method ?? "GET", url: request.url ?? "/", headers, clientAddress };
}

/** The engine's response onto a node:http response, byte for byte. */
export function sendEngineResponse(response: ServerResponse, engineResponse: EngineResponse): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(engineResponse.status, engineResponse.headers);
  response.end(engineResponse.body);
}

/**
 * The engine's request with a `signal` that aborts when the client goes away before its
 * answer is written. The signal is made only when the engine reads it, that is only when it
 * has to wait: a cache hit never does.
 */
export function withClientSignal(request: EngineRequest, response: ServerResponse): EngineRequest {
  let signal: AbortSignal | undefined;
  return {
    ...request,
    get signal() {
      if (signal === undefined) {
        const controller = new AbortController();
        signal = controller.signal;
        if (response.writableEnded || response.destroyed) controller.abort();
        else
          response.once("close", () => {
            if (!response.writableFinished) controller.abort();
          });
      }
      return signal;
    },
  };
}

export type NodeHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * A node:http handler for an engine. With `next` (Connect/Express style) paths outside the
 * engine's base path are passed on; without it the engine answers them with a 404 problem.
 */
export function createNodeHandler(engine: Engine): NodeHandler {
  return (request, response, next) => {
    if (next && !engine.owns(request.url ?? "/")) {
      next();
      return;
    }
    const method = request.method?.toUpperCase();
    // Only a method that may carry a body waits for one (bounded); reads answer at once.
    const handled =
      method === "GET" || method === "HEAD" || method === undefined
        ? engine.handle(withClientSignal(toEngineRequest(request), response))
        : readRequestBody({ request }).then((body) =>
            engine.handle(
              withClientSignal(
                body ? { ...toEngineRequest(request), body } : toEngineRequest(request),
                response,
              ),
            ),
          );
    handled.then(
      (engineResponse) => sendEngineResponse(response, engineResponse),
      // handle() never rejects; this only guards the host process if that promise breaks.
      (error: unknown) => (next ? next(error) : response.destroy()),
    );
  };
}
