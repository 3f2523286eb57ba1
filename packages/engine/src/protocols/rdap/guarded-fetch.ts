import { request } from "undici";
import type { NetworkPolicy } from "../../contract/probe.js";
import { AddressNotAllowedError } from "../../network/connect-target.js";
import { createGuardedDispatcher } from "../../network/http-dispatcher.js";

/** The fetch signature rdapper calls (`FetchLike`). */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  /** Resolvers and address policy every connection goes through (network/http-dispatcher). */
  network: NetworkPolicy;
  /** Largest response body read, in bytes (default 2 MiB). */
  maxBodyBytes?: number;
  /** Redirects followed per request (default 3). */
  maxRedirects?: number;
}

export interface GuardedFetch {
  readonly fetch: FetchLike;
  close(): Promise<void>;
}

export type GuardedFetchErrorCode =
  | "address_not_allowed"
  | "response_too_large"
  | "redirect_failed"
  | "unsupported_url";

/** A request this module refused or cut short; the message names hosts and addresses only. */
export class GuardedFetchError extends Error {
  readonly code: GuardedFetchErrorCode;
  constructor(code: GuardedFetchErrorCode, message: string) {
    super(message);
    this.name = "GuardedFetchError";
    this.code = code;
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 204, 205, 304]);

/**
 * A fetch for RDAP over network/'s guarded dispatcher: every connection, redirects included,
 * is resolved through the configured resolvers, judged against the address policy and opened
 * to the vetted address; a refusal surfaces as GuardedFetchError `address_not_allowed`.
 * Bodies are read up to a cap and returned as a fresh `Response`, which keeps an upstream
 * from making rdapper buffer an unbounded body.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;
  const dispatcher = createGuardedDispatcher({ network: options.network });

  const checkUrl = (url: URL): void => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new GuardedFetchError("unsupported_url", `${url.protocol} URLs are not fetched`);
    }
  };

  const send = async (url: URL, headers: Record<string, string>, signal?: AbortSignal) => {
    try {
      return await request(url, { method: "GET", headers, signal, dispatcher });
    } catch (error) {
      if (error instanceof AddressNotAllowedError) {
        throw new GuardedFetchError("address_not_allowed", error.message);
      }
      throw error;
    }
  };

  const guardedFetch: FetchLike = async (input, init = {}) => {
    let url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const signal = init.signal ?? undefined;
    for (let redirects = 0; ; redirects++) {
      checkUrl(url);
      const response = await send(url, headers, signal);
      const location = response.headers.location;
      if (redirectStatuses.has(response.statusCode) && typeof location === "string") {
        await response.body.dump();
        if (redirects >= maxRedirects) {
          throw new GuardedFetchError(
            "redirect_failed",
            `${url.host} redirected more than ${maxRedirects} times`,
          );
        }
        url = new URL(location, url);
        continue;
      }
      const declared = Number(response.headers["content-length"]);
      if (declared > maxBodyBytes) {
        response.body.destroy();
        throw tooLarge(url, maxBodyBytes);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBodyBytes) {
          response.body.destroy();
          throw tooLarge(url, maxBodyBytes);
        }
        chunks.push(chunk as Buffer);
      }
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
          responseHeaders.append(name, item);
        }
      }
      const body = nullBodyStatuses.has(response.statusCode) ? null : Buffer.concat(chunks);
      return new Response(body, { status: response.statusCode, headers: responseHeaders });
    }
  };

  return { fetch: guardedFetch, close: () => dispatcher.close() };
}

/**
 * One guarded fetch per network policy, made on first use: connections are reused across runs,
 * the guard stays per policy.
 */
export function guardedFetchPerPolicy(): (network: NetworkPolicy) => GuardedFetch {
  const fetchers = new Map<string, GuardedFetch>();
  return (network) => {
    const key = JSON.stringify([
      network.allowPrivateAddresses,
      network.resolvers,
      network.timeoutMs,
    ]);
    let fetcher = fetchers.get(key);
    if (!fetcher) {
      fetcher = createGuardedFetch({ network });
      fetchers.set(key, fetcher);
    }
    return fetcher;
  };
}

function tooLarge(url: URL, maxBodyBytes: number): GuardedFetchError {
  return new GuardedFetchError(
    "response_too_large",
    `${url.host} sent a response larger than ${maxBodyBytes} bytes`,
  );
}
