import type { Socket } from "node:net";
import { NoTimeLeftError } from "../contract/budget.js";
import type { ProbeContext } from "../contract/probe.js";
import { AddressNotAllowedError } from "./connect-target.js";
import { connectTcp } from "./connect-tcp.js";
import { resolveVettedHost } from "./vetted-host.js";

export const whoisPort = 43;
/** Largest WHOIS answer read; real records are a few kB. */
const defaultMaxBytes = 1024 * 1024;

export interface WhoisExchangeOptions {
  /** The WHOIS server: a host name (resolved through the configured resolvers) or IP literal. */
  host: string;
  /** The query line, sent with CRLF. */
  query: string;
  /** Default 43. */
  port?: number;
  context: ProbeContext;
  /** Bound of the whole exchange: resolving, connecting and reading. */
  timeoutMs: number;
  maxBytes?: number;
}

export interface WhoisAnswer {
  /** The answer read as UTF-8. */
  text: string;
  /** The answer as received, for a reader that knows the registry's character set. */
  bytes: Buffer;
  /** The server never closed: `text` is what arrived before the time limit, maybe cut short. */
  partial: boolean;
  /** The address that answered. */
  address: string;
}

export type WhoisExchangeErrorCode =
  | "address_not_allowed"
  | "connect_failed"
  | "timeout"
  | "no_data"
  | "response_too_large"
  | "aborted";

/** A WHOIS exchange that gave no answer; the message names hosts, addresses and errnos only. */
export class WhoisExchangeError extends Error {
  readonly code: WhoisExchangeErrorCode;
  /** Where it stopped: resolving the host, connecting to it, or waiting for its answer. */
  readonly stage: "resolve" | "connect" | "read";
  /** The system or resolver error code (`ECONNREFUSED`, `ENOTFOUND`, `ESERVFAIL`...). */
  readonly errno: string | undefined;
  constructor(
    code: WhoisExchangeErrorCode,
    stage: "resolve" | "connect" | "read",
    message: string,
    options: { errno?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "WhoisExchangeError";
    this.code = code;
    this.stage = stage;
    this.errno = options.errno;
  }
}

/**
 * One RFC 3912 exchange: resolve `host` through the configured resolvers, judge every address,
 * connect to a vetted one (the next on a connection failure), send the query, read until the
 * server closes. A server that sent something but never closed answers `partial` at the time
 * limit; one that sent nothing is a timeout. Never leaves a socket open.
 */
export async function whoisExchange(options: WhoisExchangeOptions): Promise<WhoisAnswer> {
  const port = options.port ?? whoisPort;
  const timer = new AbortController();
  const clock = setTimeout(() => timer.abort(), Math.max(1, options.timeoutMs));
  try {
    return await exchange(options, port, timer.signal);
  } finally {
    clearTimeout(clock);
  }
}

async function exchange(
  options: WhoisExchangeOptions,
  port: number,
  deadline: AbortSignal,
): Promise<WhoisAnswer> {
  const { host, context } = options;
  const signal = AbortSignal.any([context.signal, deadline]);
  const stopped = (stage: "resolve" | "connect" | "read", cause?: unknown) =>
    deadline.aborted
      ? new WhoisExchangeError("timeout", stage, `WHOIS ${host} timed out (${stage})`, { cause })
      : new WhoisExchangeError("aborted", stage, `WHOIS ${host} was cut off`, { cause });

  let addresses: string[];
  try {
    const vetted = await resolveVettedHost({ host, context: { ...context, signal } });
    addresses = vetted.map((entry) => entry.address);
  } catch (error) {
    if (error instanceof AddressNotAllowedError) {
      throw new WhoisExchangeError("address_not_allowed", "resolve", error.message, {
        cause: error,
      });
    }
    if (signal.aborted) throw stopped("resolve", error);
    const errno = errnoOf(error);
    throw new WhoisExchangeError(
      "connect_failed",
      "resolve",
      `WHOIS ${host} could not be resolved${errno ? ` (${errno})` : ""}`,
      { errno, cause: error },
    );
  }

  let lastError: WhoisExchangeError | undefined;
  for (const address of addresses) {
    if (signal.aborted) break;
    try {
      return await context.limit(() =>
        exchangeWith({ ...options, address, port, signal, stopped }),
      );
    } catch (error) {
      if (error instanceof NoTimeLeftError)
        throw new WhoisExchangeError(
          "timeout",
          "connect",
          `WHOIS ${host} was not asked: no time was left in the budget`,
          { cause: error },
        );
      lastError = error as WhoisExchangeError;
      // Another address may answer where this one refused or was unreachable.
      if (lastError.code !== "connect_failed" || lastError.stage !== "connect") throw lastError;
    }
  }
  throw lastError ?? stopped("connect");
}

interface ExchangeInput extends WhoisExchangeOptions {
  address: string;
  port: number;
  signal: AbortSignal;
  stopped(stage: "connect" | "read", cause?: unknown): WhoisExchangeError;
}

async function exchangeWith(input: ExchangeInput): Promise<WhoisAnswer> {
  const { address, signal } = input;
  const maxBytes = input.maxBytes ?? defaultMaxBytes;
  if (signal.aborted) return Promise.reject(input.stopped("connect"));
  const socket: Socket = connectTcp({
    address,
    port: input.port,
    allowPrivateAddresses: input.context.network.allowPrivateAddresses,
  });
  return new Promise<WhoisAnswer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let connected = false;
    let settled = false;
    const bytes = () => Buffer.concat(chunks);
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onAbort);
      socket.destroy();
      settle();
    };
    const answer = (partial: boolean) =>
      finish(() => {
        const all = bytes();
        resolve({ text: all.toString("utf8"), bytes: all, partial, address });
      });
    const onAbort = () => {
      // What arrived before the time limit is kept: some servers never close.
      if (received > 0 && !input.context.signal.aborted) answer(true);
      else finish(() => reject(input.stopped(connected ? "read" : "connect")));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    socket.setNoDelay(true);
    socket.on("connect", () => {
      connected = true;
      socket.write(`${input.query}\r\n`);
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        finish(() =>
          reject(
            new WhoisExchangeError(
              "response_too_large",
              "read",
              `WHOIS ${input.host} sent more than ${maxBytes} bytes`,
            ),
          ),
        );
        return;
      }
      chunks.push(chunk);
    });
    const closed = () => {
      if (received > 0) answer(false);
      else
        finish(() =>
          reject(
            new WhoisExchangeError(
              "no_data",
              "read",
              `WHOIS ${input.host} closed the connection without answering`,
            ),
          ),
        );
    };
    socket.on("end", closed);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset after the answer is how some servers close.
      if (connected && received > 0) return answer(false);
      const stage = connected ? "read" : "connect";
      const errno = errnoOf(error);
      finish(() =>
        reject(
          new WhoisExchangeError(
            "connect_failed",
            stage,
            `WHOIS ${input.host} (${address}) could not be reached${errno ? ` (${errno})` : ""}`,
            { errno, cause: error },
          ),
        ),
      );
    });
    socket.on("close", () => {
      if (connected) closed();
    });
  });
}

function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
