import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { Agent, request } from "undici";
import { addressRange, isAddressAllowed } from "../../network/address-policy.js";
import type { ResolvedAddress } from "../../network/resolve-host.js";

/** The fetch signature rdapper calls (`FetchLike`). */
export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetchOptions {
  /** When false, no connection goes to a private, loopback or link-local address. */
  allowPrivateAddresses: boolean;
  /** A and AAAA of a host name (the engine's resolvers). */
  resolve(host: string): Promise<ResolvedAddress[]>;
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
 * A fetch for RDAP over an undici Agent whose `connect.lookup` resolves the host, checks every
 * address and hands the checked addresses to the socket, so nothing resolves the name twice
 * (no window for DNS rebinding). IP literals skip `lookup` in `net.connect`, so they are checked
 * here before each request, redirects included. Bodies are read up to a cap and returned as a
 * fresh `Response`, which keeps an upstream from making rdapper buffer an unbounded body.
 */
export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 3;

  const checkedAddresses = async (host: string): Promise<ResolvedAddress[]> => {
    const addresses = await options.resolve(host);
    if (addresses.length === 0) {
      throw Object.assign(new Error(`${host} has no A or AAAA record`), { code: "ENOTFOUND" });
    }
    if (!options.allowPrivateAddresses) {
      // One non-public answer refuses the host: a mixed answer is a rebinding attempt or a mistake.
      for (const { address } of addresses) {
        if (!isAddressAllowed(address, false)) {
          throw new GuardedFetchError(
            "address_not_allowed",
            `${host} resolves to ${address}, not a public address (${addressRange(address)} range), and private addresses are not allowed`,
          );
        }
      }
    }
    return addresses;
  };

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    checkedAddresses(hostname).then(
      (addresses) => {
        const family = lookupOptions.family;
        const wanted = addresses.filter(
          (a) => !family || family === a.family || family === `IPv${a.family}`,
        );
        const first = wanted[0];
        if (!first) {
          callback(
            Object.assign(new Error(`${hostname} has no usable address`), { code: "ENOTFOUND" }),
            "",
          );
        } else if (lookupOptions.all) {
          callback(
            null,
            wanted.map((a): LookupAddress => ({ address: a.address, family: a.family })),
          );
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ""),
    );
  };

  const agent = new Agent({ connect: { lookup } });

  const checkUrl = (url: URL): void => {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new GuardedFetchError("unsupported_url", `${url.protocol} URLs are not fetched`);
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(host) && !isAddressAllowed(host, options.allowPrivateAddresses)) {
      throw new GuardedFetchError(
        "address_not_allowed",
        `${host} is not a public address (${addressRange(host)} range), and private addresses are not allowed`,
      );
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
      const response = await request(url, { method: "GET", headers, signal, dispatcher: agent });
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

  return { fetch: guardedFetch, close: () => agent.close() };
}

function tooLarge(url: URL, maxBodyBytes: number): GuardedFetchError {
  return new GuardedFetchError(
    "response_too_large",
    `${url.host} sent a response larger than ${maxBodyBytes} bytes`,
  );
}
