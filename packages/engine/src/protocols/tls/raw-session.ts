import type net from "node:net";
import { AddressNotAllowedError } from "../../network/connect-target.js";
import { connectTcp } from "../../network/connect-tcp.js";

/** Why a raw TLS conversation ended without the answer waited for. */
export type RawFailure =
  | "closed"
  | "reset"
  | "refused"
  | "timeout"
  | "blocked_address"
  | "error"
  /** More than `maxBytes` arrived: not what a TLS peer sends. */
  | "oversized";

export type RawRead<T> = { ok: true; value: T } | { ok: false; reason: RawFailure };

/**
 * A TCP connection to a TLS server spoken to by hand: bytes sent, answers read by a parser,
 * every wait bounded by its own timeout and by `signal`, everything received bounded by
 * `maxBytes`. Opened through network/'s connectTcp, so the address policy applies.
 */
export interface RawSession {
  send(bytes: Buffer): void;
  /**
   * Waits until `parse` makes something of the bytes received since the last read (`final`:
   * no more will come), the server ends the connection, or `timeoutMs` passes. Never rejects.
   */
  read<T>(
    parse: (bytes: Buffer, final: boolean) => T | undefined,
    timeoutMs: number,
  ): Promise<RawRead<T>>;
  /** Milliseconds from the TCP connect to the first bytes received (a round trip, roughly). */
  firstAnswerMs(): number | null;
  close(): void;
}

/** Opens a session, or says why none could be. Never rejects. */
export function openRawSession(options: {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  timeoutMs: number;
  signal: AbortSignal;
  maxBytes: number;
}): Promise<RawRead<RawSession>> {
  if (options.signal.aborted) return Promise.resolve({ ok: false, reason: "timeout" });
  let socket: net.Socket;
  try {
    socket = connectTcp(options);
  } catch (error) {
    const reason = error instanceof AddressNotAllowedError ? "blocked_address" : "error";
    return Promise.resolve({ ok: false, reason });
  }
  const received = receivedBytes(options.maxBytes);
  let mark = 0;
  let ended: RawFailure | null = null;
  let connectedAt = 0;
  let firstAnswerMs: number | null = null;
  /** The read waiting for bytes, told of each change. */
  let wake: (() => void) | null = null;
  const finish = (reason: RawFailure) => {
    ended ??= reason;
    socket.destroy();
    wake?.();
  };
  const onAbort = () => finish("timeout");
  options.signal.addEventListener("abort", onAbort, { once: true });
  socket.on("data", (chunk: Buffer) => {
    firstAnswerMs ??= performance.now() - connectedAt;
    if (!received.add(chunk)) finish("oversized");
    wake?.();
  });
  socket.on("error", (error: NodeJS.ErrnoException) => {
    const code = error.code ?? "";
    finish(
      code === "ECONNREFUSED"
        ? "refused"
        : ["ECONNRESET", "EPIPE"].includes(code)
          ? "reset"
          : "error",
    );
  });
  socket.once("end", () => finish("closed"));
  socket.once("close", () => finish("reset"));

  const session: RawSession = {
    send: (bytes) => {
      if (!ended) socket.write(bytes);
    },
    read<T>(parse: (bytes: Buffer, final: boolean) => T | undefined, timeoutMs: number) {
      return new Promise<RawRead<T>>((resolve) => {
        const settle = (outcome: RawRead<T>) => {
          clearTimeout(timer);
          wake = null;
          mark = received.length();
          resolve(outcome);
        };
        const timer = setTimeout(
          () => settle({ ok: false, reason: "timeout" }),
          Math.max(1, timeoutMs),
        );
        const check = () => {
          const fresh = received.bytes().subarray(mark);
          const value = fresh.length > 0 || ended ? parse(fresh, ended !== null) : undefined;
          if (value !== undefined) settle({ ok: true, value });
          else if (ended) settle({ ok: false, reason: ended });
        };
        wake = check;
        check();
      });
    },
    firstAnswerMs: () => firstAnswerMs,
    close: () => {
      options.signal.removeEventListener("abort", onAbort);
      socket.destroy();
    },
  };
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => {
        finish("timeout");
        session.close();
        resolve({ ok: false, reason: "timeout" });
      },
      Math.max(1, options.timeoutMs),
    );
    socket.once("connect", () => {
      clearTimeout(timer);
      connectedAt = performance.now();
      resolve({ ok: true, value: session });
    });
    wake = () => {
      if (!ended || connectedAt) return;
      clearTimeout(timer);
      session.close();
      resolve({ ok: false, reason: ended });
    };
  });
}

/**
 * The bytes of a session, at most `maxBytes`: a chunk that would go over is refused before it
 * is copied. Why not `Buffer.concat` per chunk: against a peer flooding records, that copied
 * the whole read again for every chunk (megabytes of short-lived buffers a read, which malloc
 * keeps as RSS); here the store doubles, so each byte is copied about twice.
 */
function receivedBytes(maxBytes: number) {
  let store = Buffer.alloc(0);
  let length = 0;
  return {
    /** Keeps `chunk`, or refuses it (false) when it would take the bytes over `maxBytes`. */
    add(chunk: Buffer): boolean {
      if (length + chunk.length > maxBytes) return false;
      if (length + chunk.length > store.length) {
        const grown = Buffer.allocUnsafe(
          Math.min(maxBytes, Math.max(4096, store.length * 2, length + chunk.length)),
        );
        store.copy(grown, 0, 0, length);
        store = grown;
      }
      chunk.copy(store, length);
      length += chunk.length;
      return true;
    },
    bytes: () => store.subarray(0, length),
    length: () => length,
  };
}
