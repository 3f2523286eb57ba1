import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Engine } from "../engine.js";
import type { EngineRequest, EngineResponse } from "../http/engine-http.js";
import { readRequestBody } from "./request-body.js";

/**
 * The engine's request for one node:http exchange. Its `signal`, which aborts when the client
 * goes away before the answer is written, is made only when the engine reads it, that is only
 * when it has to wait (a cache hit never does). A class, so every request has one shape: an
 * object literal with a getter per request cost about 10 µs of CPU per answer through HTTP.
 */
class NodeEngineRequest implements EngineRequest {
  #signal: AbortSignal | undefined;
  readonly #response: ServerResponse | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Readonly<Record<string, string | undefined>>,
    readonly clientAddress: string | undefined,
    readonly body: Uint8Array | undefined,
    response: ServerResponse | undefined,
  ) {
    this.#response = response;
  }

  get signal(): AbortSignal | undefined {
    const response = this.#response;
    if (this.#signal === undefined && response !== undefined) {
      const controller = new AbortController();
      this.#signal = controller.signal;
      if (response.writableEnded || response.destroyed) controller.abort();
      else
        response.once("close", () => {
          if (!response.writableFinished) controller.abort();
        });
    }
    return this.#signal;
  }
}

export interface ToEngineRequestOptions {
  /** The exchange's response: the request's `signal` aborts when it closes unfinished. */
  readonly response?: ServerResponse;
  /** The URL the engine sees, when the host routes under a prefix; default `request.url`. */
  readonly url?: string;
  /** The client's address as the host knows it (behind proxies); default the socket's peer. */
  readonly clientAddress?: string;
  readonly body?: Uint8Array;
}

/** node:http request to the engine's request. Repeated headers are joined as RFC 9110 says. */
export function toEngineRequest(
  request: IncomingMessage,
  options: ToEngineRequestOptions = {},
): EngineRequest {
  return new NodeEngineRequest(
    request.method ?? "GET",
    options.url ?? request.url ?? "/",
    joinedHeaders(request),
    options.clientAddress ?? request.socket?.remoteAddress,
    options.body,
    options.response,
  );
}

function joinedHeaders(request: IncomingMessage): Readonly<Record<string, string | undefined>> {
  const given = request.headers;
  // Node joins repeated request headers itself except set-cookie, the one array it keeps;
  // without one, the headers object can be handed on as it is, with no copy per request.
  if (given["set-cookie"] === undefined) return given as Record<string, string>;
  const headers: Record<string, string> = {};
  for (const name in given) {
    const value = given[name];
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return headers;
}

/** The engine's response onto a node:http response, byte for byte (streamed when it grows). */
export function sendEngineResponse(response: ServerResponse, engineResponse: EngineResponse): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(engineResponse.status, engineResponse.headers);
  if (engineResponse.stream) void streamEngineResponse(response, engineResponse);
  else response.end(engineResponse.body);
}

/** Writes `body`, then the stream's chunks as they come, until it ends or the client leaves. */
async function streamEngineResponse(
  response: ServerResponse,
  engineResponse: EngineResponse,
): Promise<void> {
  const leaving = new AbortController();
  response.once("close", () => leaving.abort());
  try {
    if (engineResponse.body.byteLength > 0) response.write(engineResponse.body);
    for await (const chunk of engineResponse.stream!(leaving.signal)) {
      if (leaving.signal.aborted) break;
      if (!response.write(chunk)) await once(response, "drain", { signal: leaving.signal });
    }
    response.end();
  } catch {
    // The client left, or the store failed mid-stream: the response cannot say so any more.
    response.destroy();
  }
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
        ? engine.handle(toEngineRequest(request, { response }))
        : readRequestBody({ request }).then((body) =>
            engine.handle(toEngineRequest(request, { response, ...(body ? { body } : {}) })),
          );
    handled.then(
      (engineResponse) => sendEngineResponse(response, engineResponse),
      // handle() never rejects; this only guards the host process if that promise breaks.
      (error: unknown) => (next ? next(error) : response.destroy()),
    );
  };
}
