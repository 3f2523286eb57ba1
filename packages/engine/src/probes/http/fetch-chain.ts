import { setImmediate as nextTurn } from "node:timers/promises";
import type { Dispatcher } from "undici";
import { NoTimeLeftError, stepTimeoutMs } from "../../contract/budget.js";
import type { ProbeContext } from "../../contract/probe.js";
import type { HttpFailureReason, HttpFetch, HttpHop } from "./declaration.js";
import type { ResponseHeaders } from "./security-headers.js";

/** The most redirects followed in one chain (internet.nl and browsers stop near here too). */
export const maxRedirects = 10;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export interface ChainSettings {
  /** Cap on each request (connect to headers), in milliseconds. */
  requestTimeoutMs: number;
  /** Cap on reading a final answer's body, in milliseconds. */
  bodyTimeoutMs: number;
  /** Body bytes read at most; the rest is discarded. */
  maxBodyBytes: number;
}

/** An answer of the chain, with its headers. */
export interface ChainAnswer {
  url: string;
  status: number;
  headers: ResponseHeaders;
}

export interface ChainResult {
  fetch: HttpFetch;
  /** Every answer, redirects included, in order. */
  answers: ChainAnswer[];
  /** The final answer's body as read (at most the cap), when one came. */
  body: Buffer | null;
}

/**
 * GETs `start` and follows redirects by hand through `dispatcher` (network/'s guarded one: each
 * new connection is resolved and judged against the address policy), stopping at a loop, at
 * more than `maxRedirects`, or at a redirect to anything but http(s). Every failure is data.
 */
export async function fetchChain(options: {
  start: string;
  dispatcher: Dispatcher;
  context: ProbeContext;
  settings: ChainSettings;
  /** ALPN protocol per origin, filled as connections open. */
  protocols: ReadonlyMap<string, string>;
}): Promise<ChainResult> {
  const { start, dispatcher, context, settings } = options;
  const hops: HttpHop[] = [];
  const answers: ChainAnswer[] = [];
  const visited = new Set<string>();
  const began = performance.now();
  let url = new URL(start);
  let downgrade = false;
  const stop = (reason: HttpFailureReason, errorCode: string | null = null): ChainResult => ({
    fetch: {
      requestedUrl: start,
      reachable: hops[0]?.status != null,
      reason,
      errorCode,
      hops,
      finalUrl: null,
      finalStatus: null,
      protocol: null,
      responseTimeMs: null,
      bodyBytes: null,
      bodyTruncated: false,
      downgrade,
    },
    answers,
    body: null,
  });

  for (;;) {
    visited.add(url.href);
    const timeLeft = () => stepTimeoutMs(context, { maxMs: settings.requestTimeoutMs });
    const hop: HttpHop = { url: url.href, status: null, location: null };
    hops.push(hop);
    if (timeLeft() < 1 || context.signal.aborted) return stop("timeout");
    await connectionsReturned();
    const outcome = await context
      .limit(async (): Promise<RequestOutcome> => {
        // Measured once the limit lets the request go: it may have waited in the queue.
        const timeoutMs = timeLeft();
        if (timeoutMs < 1 || context.signal.aborted) return noTimeLeft;
        return requestOnce({ url, dispatcher, context, timeoutMs, settings });
      })
      .catch((error: unknown) => {
        if (error instanceof NoTimeLeftError) return noTimeLeft;
        throw error;
      });
    if (!outcome.ok) return stop(outcome.reason, outcome.errorCode);
    const { response } = outcome;
    // undici's body emits AbortError when destroyed unread; the chain has its answer by then.
    response.body.on("error", () => {});
    hop.status = response.statusCode;
    const headers = response.headers as ResponseHeaders;
    answers.push({ url: url.href, status: response.statusCode, headers });
    const location = typeof headers.location === "string" ? headers.location : null;
    if (redirectStatuses.has(response.statusCode) && location !== null) {
      hop.location = location;
      releaseConnection(response.body);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return stop("unsupported_redirect");
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") {
        return stop("unsupported_redirect");
      }
      if (url.protocol === "https:" && next.protocol === "http:") downgrade = true;
      if (visited.has(next.href)) return stop("redirect_loop");
      if (hops.length > maxRedirects) return stop("too_many_redirects");
      url = next;
      continue;
    }
    const responseTimeMs = Math.round(performance.now() - began);
    const body = await readBody(response.body, context, settings);
    return {
      fetch: {
        requestedUrl: start,
        reachable: true,
        reason: null,
        errorCode: null,
        hops,
        finalUrl: url.href,
        finalStatus: response.statusCode,
        protocol:
          url.protocol === "http:" ? "http/1.1" : (options.protocols.get(url.origin) ?? null),
        responseTimeMs,
        bodyBytes: body.bytes.length,
        bodyTruncated: body.truncated,
        downgrade,
      },
      answers,
      body: body.bytes,
    };
  }
}

type Response = Awaited<ReturnType<Dispatcher["request"]>>;

/** The most of a redirect's body read off so that its connection can carry the next request. */
const redirectBodyBytes = 16 * 1024;

/**
 * Reads off a body nobody needs: an HTTP/1.1 connection whose answer was cut short closes,
 * and the next request on that origin pays a new handshake. Not awaited: bounded by the
 * request's body timeout, and the run's dispatcher is destroyed at its end.
 */
export function releaseConnection(body: Response["body"]): void {
  body.dump({ limit: redirectBodyBytes }).catch(() => {});
}

/**
 * One turn of the event loop: undici puts a connection whose answer just ended back in its
 * pool on a later turn, and a request dispatched sooner opens another connection (another
 * TLS handshake). Not a timer: nothing waits on the peer.
 */
export function connectionsReturned(): Promise<void> {
  return nextTurn();
}
type RequestOutcome =
  | { ok: true; response: Response }
  | { ok: false; reason: HttpFailureReason; errorCode: string | null };

/** The request was never sent: the budget was spent first (or waiting for a slot). */
const noTimeLeft: RequestOutcome = { ok: false, reason: "timeout", errorCode: "NO_TIME_LEFT" };

async function requestOnce(options: {
  url: URL;
  dispatcher: Dispatcher;
  context: ProbeContext;
  timeoutMs: number;
  settings: ChainSettings;
}): Promise<RequestOutcome> {
  const { url, dispatcher, context, timeoutMs } = options;
  try {
    const response = await dispatcher.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: "GET",
      headers: { "user-agent": "domain-intel (http section)", accept: "*/*" },
      signal: AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]),
      headersTimeout: timeoutMs,
      bodyTimeout: options.settings.bodyTimeoutMs,
    });
    return { ok: true, response };
  } catch (error) {
    return { ok: false, ...classify(error) };
  }
}

const tlsCodes =
  /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL|HOSTNAME_MISMATCH)/;

/** What a failed request says about the site, from the error or its cause. */
export function classify(error: unknown): { reason: HttpFailureReason; errorCode: string | null } {
  const found = error as { code?: unknown; name?: unknown; cause?: { code?: unknown } };
  // An abort's DOMException carries a legacy numeric `code` (20, 23): its name says what it is.
  const code =
    [found?.code, found?.cause?.code, found?.name].find(
      (candidate): candidate is string => typeof candidate === "string",
    ) ?? null;
  const reason = ((): HttpFailureReason => {
    if (code === "ERR_ADDRESS_NOT_ALLOWED") return "address_not_allowed";
    if (code === "ENOTFOUND") return "no_address";
    if (code === "ECONNREFUSED") return "connection_refused";
    if (code !== null && tlsCodes.test(code)) return "tls_error";
    if (
      code === "UND_ERR_CONNECT_TIMEOUT" ||
      code === "UND_ERR_HEADERS_TIMEOUT" ||
      code === "AbortError" ||
      code === "TimeoutError" ||
      code === "ABORT_ERR"
    ) {
      return "timeout";
    }
    if (code?.startsWith("HPE_") || code === "UND_ERR_INFO") return "protocol_error";
    return "network_error";
  })();
  return { reason, errorCode: code };
}

/** Up to `maxBodyBytes` of the body within the step's time; the rest is discarded unread. */
async function readBody(
  body: Response["body"],
  context: ProbeContext,
  settings: ChainSettings,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  const timeoutMs = stepTimeoutMs(context, { maxMs: settings.bodyTimeoutMs });
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      body.destroy();
    },
    Math.max(1, timeoutMs),
  );
  try {
    for await (const chunk of body) {
      const bytes = chunk as Buffer;
      const room = settings.maxBodyBytes - size;
      if (bytes.length >= room) {
        chunks.push(bytes.subarray(0, room));
        size += room;
        truncated = bytes.length > room;
        if (truncated) break;
        continue;
      }
      chunks.push(bytes);
      size += bytes.length;
    }
  } catch {
    // A body cut short by the timer or the peer: what came is kept.
    truncated = true;
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
  return { bytes: Buffer.concat(chunks), truncated: truncated || timedOut };
}
