import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { BootstrapData } from "rdapper";
import type { FetchLike } from "./guarded-fetch.js";

export const ianaBootstrapUrl = "https://data.iana.org/rdap/dns.json";

const dayMs = 24 * 60 * 60 * 1000;
/** After a failed refresh, stale data is served this long before the next try. */
const retryAfterFailureMs = 5 * 60 * 1000;

export interface BootstrapLoadOptions {
  /** Fetch for a URL source (the guarded fetch). */
  fetch: FetchLike;
  /** Stops this caller's wait; the shared load goes on for the next caller. */
  signal: AbortSignal;
  /** Bound of the load itself. */
  timeoutMs: number;
}

export interface BootstrapLoader {
  /** Where the data comes from, for messages: a URL, a file path or "inline data". */
  readonly location: string;
  load(options: BootstrapLoadOptions): Promise<BootstrapData>;
}

/** A bootstrap that could not be read or is not RFC 9224 data; the message holds no file content. */
export class BootstrapError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "BootstrapError";
  }
}

type BootstrapSource =
  | { kind: "data"; data: BootstrapData }
  | { kind: "url"; url: string }
  | { kind: "file"; path: string };

/**
 * Checks `options.bootstrap` when the probe is built: IANA RFC 9224 data, a file path, an
 * http(s) URL, or undefined (IANA's file). Throws a TypeError naming the option.
 */
export function parseBootstrapOption(value: unknown, name: string): BootstrapSource {
  const expected = `${name} must be RFC 9224 bootstrap data ({ services: [[tlds], [urls]][] }), a file path or an http(s) URL`;
  if (value === undefined) return { kind: "url", url: ianaBootstrapUrl };
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") throw new TypeError(`${expected}; got an empty string`);
    if (/^https?:\/\//i.test(text)) {
      if (!URL.canParse(text)) throw new TypeError(`${expected}; got an invalid URL`);
      return { kind: "url", url: text };
    }
    if (/^file:/i.test(text)) return { kind: "file", path: fileURLToPath(text) };
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
      throw new TypeError(`${expected}; got a ${text.split(":")[0]}: URL`);
    }
    return { kind: "file", path: text };
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const problem = bootstrapProblem(value);
    if (problem) throw new TypeError(`${expected}; ${problem}`);
    return { kind: "data", data: toBootstrapData(value) };
  }
  throw new TypeError(`${expected}; got ${value === null ? "null" : typeof value}`);
}

/**
 * Loads the bootstrap once and keeps it for `ttlMs` (24 h). Concurrent callers share one load;
 * a failed refresh keeps serving the previous data for a while rather than losing RDAP.
 */
export function createBootstrapLoader(
  source: BootstrapSource,
  options: { ttlMs?: number; now?: () => number } = {},
): BootstrapLoader {
  const ttlMs = options.ttlMs ?? dayMs;
  const now = options.now ?? Date.now;
  const location =
    source.kind === "data" ? "inline data" : source.kind === "url" ? source.url : source.path;
  let cached: { data: BootstrapData; freshUntil: number } | undefined;
  let inflight: Promise<BootstrapData> | undefined;

  const read = async (guardedFetch: FetchLike, signal: AbortSignal): Promise<BootstrapData> => {
    let text: string;
    if (source.kind === "file") {
      try {
        text = await readFile(source.path, { encoding: "utf8", signal });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new BootstrapError(
          `RDAP bootstrap file ${source.path} could not be read${code ? ` (${code})` : ""}`,
          { cause: error },
        );
      }
    } else if (source.kind === "url") {
      const response = await guardedFetch(source.url, {
        headers: { accept: "application/json" },
        signal,
      });
      if (!response.ok) {
        throw new BootstrapError(`RDAP bootstrap ${source.url} answered HTTP ${response.status}`);
      }
      text = await response.text();
    } else {
      return source.data;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new BootstrapError(`RDAP bootstrap ${location} is not valid JSON`, { cause: error });
    }
    const problem = bootstrapProblem(json);
    if (problem)
      throw new BootstrapError(`RDAP bootstrap ${location} is not RFC 9224 data: ${problem}`);
    return toBootstrapData(json as object);
  };

  return {
    location,
    load({ fetch, signal, timeoutMs }) {
      if (source.kind === "data") return Promise.resolve(source.data);
      if (cached && now() < cached.freshUntil) return Promise.resolve(cached.data);
      if (!inflight) {
        const loading = read(fetch, AbortSignal.timeout(timeoutMs)).then(
          (data) => {
            cached = { data, freshUntil: now() + ttlMs };
            return data;
          },
          (error: unknown) => {
            if (!cached) throw error;
            cached.freshUntil = now() + retryAfterFailureMs;
            return cached.data;
          },
        );
        inflight = loading;
        // Cleared once settled; a caller that stopped waiting must not leave it unhandled.
        loading.then(
          () => {
            inflight = undefined;
          },
          () => {
            inflight = undefined;
          },
        );
      }
      return untilAborted(inflight, signal);
    },
  };
}

function bootstrapProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "it is not an object";
  const services = (value as { services?: unknown }).services;
  if (!Array.isArray(services)) return "services is not an array";
  for (const [index, service] of services.entries()) {
    const ok =
      Array.isArray(service) &&
      service.length >= 2 &&
      isStringArray(service[0]) &&
      isStringArray(service[1]);
    if (!ok) return `services[${index}] is not a pair of string arrays`;
  }
  return undefined;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function toBootstrapData(value: object): BootstrapData {
  const { version, publication, description, services } = value as Record<string, unknown>;
  return {
    version: typeof version === "string" ? version : "1.0",
    publication: typeof publication === "string" ? publication : "",
    ...(typeof description === "string" ? { description } : {}),
    services: services as string[][][],
  };
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** A bootstrap load failure in words, from our own errors, errnos and timeouts only. */
export function describeBootstrapFailure(location: string, error: unknown): string {
  if (error instanceof BootstrapError) return error.message;
  const name = error instanceof Error ? error.name : "";
  if (name === "GuardedFetchError")
    return `RDAP bootstrap ${location} not used: ${(error as Error).message}`;
  if (name === "TimeoutError") return `RDAP bootstrap ${location} timed out`;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && /^(E[A-Z0-9]{2,}|UND_ERR_[A-Z_]+)$/.test(code)) {
    return `RDAP bootstrap ${location} could not be reached (${code})`;
  }
  return `RDAP bootstrap ${location} failed`;
}
