import { performance } from "node:perf_hooks";
import { type DnsServer, openDnsUdpSocket } from "../../../network/dns-exchange.js";
import { DnsQueryError, type DnsQueryErrorCode, socketErrorText } from "./errors.js";
import type { Exchange } from "./exchange.js";
import { type EncodedQuery, readResponse } from "./message.js";

/**
 * Sends `query` over UDP, re-sending it after each `tryTimeoutMs` up to `tries` times, and
 * resolves with the first datagram that answers it. The socket is connected, so the kernel
 * drops datagrams from other addresses; datagrams with another id or question are ignored
 * (RFC 5452) and the same id is kept across tries so a late answer to an earlier try counts.
 * With `endsAt` (a `performance.now()` time), each try waits at most until then, and a try
 * that would get less than `minTryMs` is not sent.
 */
export function exchangeUdp(options: {
  server: DnsServer;
  query: EncodedQuery;
  tries: number;
  tryTimeoutMs: number;
  endsAt?: number;
  minTryMs?: number;
  signal?: AbortSignal | undefined;
}): Promise<Exchange> {
  const { server, query, tries, tryTimeoutMs, signal } = options;
  const endsAt = options.endsAt ?? Number.POSITIVE_INFINITY;
  const minTryMs = options.minTryMs ?? 1;
  const what = `${query.question.name}/${query.question.type} from ${server.label} over udp`;
  const failed = (code: DnsQueryErrorCode, message: string, cause?: unknown) =>
    Promise.reject(
      new DnsQueryError({ code, message, server: server.label, transport: "udp", cause }),
    );

  // Before any socket exists: a batch of queries cancelled while queued opens nothing.
  if (signal?.aborted) return failed("aborted", `query for ${what} aborted`, signal.reason);
  if (endsAt - performance.now() < minTryMs) {
    return failed("timeout", `no time was left to ask for ${what}`);
  }

  return new Promise<Exchange>((resolve, reject) => {
    let socket: ReturnType<typeof openDnsUdpSocket>;
    try {
      socket = openDnsUdpSocket(server);
    } catch (error) {
      reject(error);
      return;
    }
    const ignored: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    let sentAt = 0;
    let sent = 0;
    /** How long each try waited: the last ones may be cut short by `endsAt`. */
    const waits: number[] = [];
    let settled = false;

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      try {
        socket.close();
      } catch {
        // Already closed: nothing left to release.
      }
      outcome();
    };
    const fail = (code: DnsQueryErrorCode, message: string, cause?: unknown) =>
      settle(() =>
        reject(new DnsQueryError({ code, message, server: server.label, transport: "udp", cause })),
      );
    const onAbort = () => fail("aborted", `query for ${what} aborted`, signal?.reason);

    const send = () => {
      sent += 1;
      sentAt = performance.now();
      const wait = Math.max(1, Math.min(tryTimeoutMs, Math.floor(endsAt - sentAt)));
      waits.push(wait);
      socket.send(query.bytes, (error) => {
        if (error)
          fail("network", `cannot send query for ${what}: ${socketErrorText(error)}`, error);
      });
      timer = setTimeout(() => {
        const timeLeft = endsAt - performance.now() >= minTryMs;
        if (sent < tries && timeLeft) return send();
        const tried = `after ${triesText(waits)}${sent < tries ? ", and no time was left for another" : ""}`;
        if (ignored.length === 0) return fail("timeout", `no answer for ${what} ${tried}`);
        // Something answered, just never correctly: say what, it is more useful than "timeout".
        fail(
          "malformed",
          `no valid answer for ${what} ${tried}; ignored ${ignored.length} ` +
            `${ignored.length === 1 ? "message" : "messages"}: ${summarizeReasons({ reasons: ignored })}`,
        );
      }, wait);
    };

    socket.on("error", (error) =>
      fail("network", `query for ${what} failed: ${socketErrorText(error)}`, error),
    );
    socket.on("message", (bytes) => {
      const verdict = readResponse({ bytes, query });
      if (verdict.kind === "answer") {
        const rttMs = performance.now() - sentAt;
        settle(() => resolve({ message: verdict.message, size: bytes.length, rttMs }));
      } else if (verdict.kind === "malformed") {
        fail("malformed", `malformed answer for ${what}: ${verdict.reason}`);
      } else {
        ignored.push(verdict.reason);
      }
    });

    signal?.addEventListener("abort", onAbort, { once: true });
    socket.once("connect", () => {
      if (!settled) send();
    });
  });
}

/** "2 tries of 450 ms", or "2 tries (450 ms, 250 ms)" when the budget cut the last short. */
function triesText(waits: readonly number[]): string {
  const count = `${waits.length} ${waits.length === 1 ? "try" : "tries"}`;
  return waits.every((wait) => wait === waits[0])
    ? `${count} of ${waits[0]} ms`
    : `${count} (${waits.map((wait) => `${wait} ms`).join(", ")})`;
}

/** Distinct reasons, three at most, for an error message. */
function summarizeReasons(options: { reasons: readonly string[] }): string {
  const unique = [...new Set(options.reasons)];
  const shown = unique.slice(0, 3).join("; ");
  return unique.length > 3 ? `${shown}; and ${unique.length - 3} more` : shown;
}
