import { performance } from "node:perf_hooks";
import { connectDnsTcp, type DnsServer } from "../../../network/dns-exchange.js";
import { DnsQueryError, type DnsQueryErrorCode, socketErrorText } from "./errors.js";
import type { Exchange } from "./exchange.js";
import { type EncodedQuery, readResponse } from "./message.js";

/**
 * Sends `query` over TCP with the 2-byte length prefix (RFC 1035 4.2.2) on a fresh connection
 * and reads one framed answer, however the bytes are split across reads. Unlike UDP, anything
 * but the answer on our own connection is an error, not a spoof to ignore.
 */
export function exchangeTcp(options: {
  server: DnsServer;
  query: EncodedQuery;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}): Promise<Exchange> {
  const { server, query, timeoutMs, signal } = options;
  const what = `${query.question.name}/${query.question.type} from ${server.label} over tcp`;

  // Before any socket exists: a batch of queries cancelled while queued opens nothing.
  if (signal?.aborted) {
    const message = `query for ${what} aborted`;
    return Promise.reject(
      new DnsQueryError({
        code: "aborted",
        message,
        server: server.label,
        transport: "tcp",
        cause: signal.reason,
      }),
    );
  }

  return new Promise<Exchange>((resolve, reject) => {
    let settled = false;
    let sentAt = 0;
    let buffered: Buffer = Buffer.alloc(0);
    const socket = connectDnsTcp(server);
    socket.setNoDelay(true);

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      socket.destroy();
      outcome();
    };
    const fail = (code: DnsQueryErrorCode, message: string, cause?: unknown) =>
      settle(() =>
        reject(new DnsQueryError({ code, message, server: server.label, transport: "tcp", cause })),
      );
    const onAbort = () => fail("aborted", `query for ${what} aborted`, signal?.reason);
    const timer = setTimeout(
      () =>
        fail(
          "timeout",
          sentAt === 0
            ? `no connection for ${what} within ${timeoutMs} ms`
            : `no answer for ${what} within ${timeoutMs} ms (${buffered.length} bytes received)`,
        ),
      timeoutMs,
    );

    socket.on("connect", () => {
      const framed = Buffer.alloc(2 + query.bytes.length);
      framed.writeUInt16BE(query.bytes.length, 0);
      query.bytes.copy(framed, 2);
      sentAt = performance.now();
      socket.write(framed);
    });
    socket.on("data", (chunk: Buffer) => {
      buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
      if (buffered.length < 2) return;
      const length = buffered.readUInt16BE(0);
      if (length === 0)
        return fail("malformed", `malformed answer for ${what}: zero-length message`);
      if (buffered.length < 2 + length) return;
      const bytes = buffered.subarray(2, 2 + length);
      const verdict = readResponse({ bytes, query });
      if (verdict.kind === "answer") {
        const rttMs = performance.now() - sentAt;
        settle(() => resolve({ message: verdict.message, size: length, rttMs }));
      } else {
        fail("malformed", `malformed answer for ${what}: ${verdict.reason}`);
      }
    });
    socket.on("end", () => {
      const expected = buffered.length >= 2 ? ` of ${2 + buffered.readUInt16BE(0)}` : "";
      fail("network", `connection closed for ${what} after ${buffered.length}${expected} bytes`);
    });
    // A reset without FIN: 'error' usually comes first, this covers the rest.
    socket.on("close", () => fail("network", `connection closed for ${what} before an answer`));
    socket.on("error", (error) =>
      fail("network", `query for ${what} failed: ${socketErrorText(error)}`, error),
    );

    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
