import type { Dispatcher } from "undici";
import { stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import type { HttpCors } from "./declaration.js";
import { classify, connectionsReturned, releaseConnection } from "./fetch-chain.js";
import { headerValue, type ResponseHeaders } from "./security-headers.js";

/**
 * The origin a CORS preflight claims to come from: a name that can belong to nobody (RFC 2606),
 * so a server that allows it either allows everyone or copies the request's Origin.
 */
export const corsProbeOrigin = "https://cors-check.domain-intel.invalid";

/**
 * Asks `url` what a cross-origin page may do, as a browser's preflight does (an OPTIONS request
 * with `Origin` and `Access-Control-Request-Method: GET`, the Observatory's CORS request), and
 * keeps the answer's CORS headers.
 */
export async function corsPreflight(options: {
  url: string;
  dispatcher: Dispatcher;
  context: ProbeContext;
  requestTimeoutMs: number;
}): Promise<HttpCors> {
  const { url, dispatcher, context } = options;
  const base = { url, origin: corsProbeOrigin };
  const timeoutMs = stepTimeoutMs(context, { maxMs: options.requestTimeoutMs });
  const unanswered = (error: string): HttpCors => ({
    ...base,
    status: null,
    allowOrigin: null,
    allowCredentials: null,
    error,
  });
  if (timeoutMs < 1 || context.signal.aborted) return unanswered("timeout");
  const target = new URL(url);
  // The page's connection, just freed by the chain, can carry the preflight.
  await connectionsReturned();
  try {
    const response = await context.limit(() =>
      dispatcher.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: "OPTIONS",
        // OPTIONS is idempotent (RFC 9110 9.2.2); undici holds a request it is not told is
        // idempotent until every request running on the connection ends: on a shared HTTP/2
        // connection the preflight waited for the other chain's last response.
        idempotent: true,
        headers: {
          "user-agent": "domain-intel (http section)",
          origin: corsProbeOrigin,
          "access-control-request-method": "GET",
        },
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]),
        headersTimeout: timeoutMs,
      }),
    );
    // Only the headers matter; the body is dropped unread.
    response.body.on("error", () => {});
    releaseConnection(response.body);
    const headers = response.headers as ResponseHeaders;
    return {
      ...base,
      status: response.statusCode,
      allowOrigin: headerValue(headers, "access-control-allow-origin"),
      allowCredentials: headerValue(headers, "access-control-allow-credentials"),
      error: null,
    };
  } catch (error) {
    return unanswered(classify(error).reason);
  }
}
