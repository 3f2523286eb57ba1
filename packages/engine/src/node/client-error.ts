import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { DomainIntelError } from "../contract/domain-intel-error.js";
import type { ErrorCode } from "../contract/error-codes.js";
import type { Engine } from "../engine.js";
import type { EngineResponse } from "../http/engine-http.js";
import { problemResponse } from "../http/responses.js";

/** The engine's problem writer, or the function behind it when no engine is at hand. */
type ProblemWriter = Pick<Engine, "problem">;

/** A server that emits node:http's `clientError` (http.Server, https.Server). */
export interface ClientErrorSource {
  on(event: "clientError", listener: (error: Error, socket: Duplex) => void): unknown;
}

/** How long a socket that was answered may stay open for the client to read the answer. */
const lingerMs = 5_000;

/** The problem for one of Node's own client errors, with the status Node itself would answer. */
function problemFor(error: Error & { code?: unknown; reason?: unknown }): {
  code: ErrorCode;
  detail: string;
} {
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW":
      return {
        code: "headers_too_large",
        detail: "The request's header section is larger than this server accepts.",
      };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { code: "request_timeout", detail: "The request did not arrive in full in time." };
    case "HPE_INVALID_URL":
      return {
        code: "bad_request",
        detail:
          "The request target holds a character HTTP does not allow there; percent-encode anything outside ASCII.",
      };
  }
  // llhttp's reasons are fixed phrases ("Invalid method encountered"), never request bytes.
  const reason = typeof error.reason === "string" ? ` (${error.reason})` : "";
  return { code: "bad_request", detail: `The request is not valid HTTP/1.1${reason}.` };
}

/** An engine response as the raw bytes of an HTTP/1.1 answer that closes the connection. */
function rawAnswer(response: EngineResponse): Buffer {
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) head += `${name}: ${value}\r\n`;
  head += "connection: close\r\n\r\n";
  return Buffer.concat([Buffer.from(head, "latin1"), response.body]);
}

/**
 * Whether bytes written now reach the client as an answer of their own: not after a response
 * that has started but not finished (that would corrupt it). The same rule as Node's default
 * handler; `_httpMessage` is the in-flight response Node keeps on the socket.
 */
function canAnswer(socket: Duplex): boolean {
  if (!socket.writable) return false;
  type InFlight = { headersSent?: boolean; writableEnded?: boolean };
  const inFlight = (socket as { _httpMessage?: InFlight })._httpMessage;
  return !inFlight?.headersSent || inFlight.writableEnded === true;
}

/**
 * A `clientError` listener: answers what Node's HTTP parser refused (a header section over
 * `maxHeaderSize`: 431; a malformed request line or a non-ASCII path: 400; a request not in
 * full within `requestTimeout`: 408) as application/problem+json, where Node would answer with
 * no body. Pass it as Fastify's `clientErrorHandler`, or attach it with `problemOnClientError`.
 */
export function answerClientError(error: Error, socket: Duplex, engine?: ProblemWriter): void {
  // A reset peer, or a socket this listener already answered: nothing more to say.
  if ((error as { code?: unknown }).code === "ECONNRESET" || socket.destroyed) return;
  if (!canAnswer(socket)) {
    if (socket.writableEnded) return;
    socket.destroy();
    return;
  }
  const problem = problemFor(error);
  const response = engine
    ? engine.problem(problem)
    : problemResponse(new DomainIntelError(problem.code, problem.detail));
  socket.end(rawAnswer(response));
  // Closing now could reset the connection before the client reads the answer (unread
  // request bytes make the kernel send RST); the client closes, or this does shortly.
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}

/**
 * Makes a node:http (or https) server answer its parser's refusals as problem+json. For
 * `serve`, an Express host (`problemOnClientError(app.listen(3000))`) or any node:http host;
 * Fastify has its own listener, so there pass `answerClientError` as `clientErrorHandler`.
 */
export function problemOnClientError<Server extends ClientErrorSource>(
  server: Server,
  engine?: ProblemWriter,
): Server {
  server.on("clientError", (error, socket) => answerClientError(error, socket, engine));
  return server;
}
