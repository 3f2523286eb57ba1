import type { X509Certificate } from "node:crypto";
import tls from "node:tls";
import type { SslCipher, SslUnreachableReason } from "./ssl-data.js";

export interface HandshakeOptions {
  /** An IP literal, already resolved and checked against the address policy. */
  address: string;
  port: number;
  /** Sent as SNI and used for nothing else: no lookup happens for it. */
  servername: string;
  /** Trust store; undefined for Node's default one. */
  secureContext: tls.SecureContext | undefined;
  timeoutMs: number;
  signal: AbortSignal;
}

export type HandshakeOutcome =
  | {
      ok: true;
      protocol: string | null;
      cipher: SslCipher;
      alpn: string | null;
      authorized: boolean;
      authorizationError: string | null;
      certificate: X509Certificate | undefined;
    }
  | { ok: false; reason: SslUnreachableReason; errorCode: string };

/**
 * One TLS handshake, reporting trust instead of enforcing it. Never rejects for network
 * trouble: refused, silent, reset or non-TLS peers come back as `{ ok: false }`. The socket is
 * destroyed and the timer cleared whatever happens.
 */
export function handshake(options: HandshakeOptions): Promise<HandshakeOutcome> {
  // An already-aborted signal never fires "abort"; do not start what would then run to the timer.
  if (options.signal.aborted) {
    return Promise.resolve({ ok: false, reason: "timeout", errorCode: "ABORT_ERR" });
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const socket = tls.connect({
      host: options.address,
      port: options.port,
      servername: options.servername,
      ALPNProtocols: ["h2", "http/1.1"],
      ...(options.secureContext ? { secureContext: options.secureContext } : {}),
      // Trust is reported, not enforced, and on this socket only.
      rejectUnauthorized: false,
      // Without this a name mismatch would overwrite the chain's verdict in `authorized`;
      // the name is checked on its own afterwards.
      checkServerIdentity: () => undefined,
    });

    const settle = (outcome: HandshakeOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      socket.destroy();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const onAbort = () => settle({ ok: false, reason: "timeout", errorCode: "ABORT_ERR" });
    const timer = setTimeout(
      () => settle({ ok: false, reason: "timeout", errorCode: "ETIMEDOUT" }),
      options.timeoutMs,
    );
    options.signal.addEventListener("abort", onAbort, { once: true });

    // Stays attached for the socket's whole life so a late error is never unhandled.
    socket.on("error", (error: NodeJS.ErrnoException) => settle(classifyFailure(error)));
    socket.once("close", () => settle({ ok: false, reason: "reset", errorCode: "ECONNRESET" }));
    socket.once("secureConnect", () => {
      try {
        const cipher = socket.getCipher();
        const error = socket.authorizationError as Error | string | null | undefined;
        settle({
          ok: true,
          protocol: socket.getProtocol(),
          cipher: { name: cipher.name, standardName: cipher.standardName, version: cipher.version },
          alpn: socket.alpnProtocol || null,
          authorized: socket.authorized,
          // Typed as Error, but Node stores OpenSSL's code string there.
          authorizationError: !error ? null : typeof error === "string" ? error : error.message,
          certificate: socket.getPeerX509Certificate(),
        });
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

// OpenSSL's codes when the bytes received are not a TLS record at all.
const notTls = new Set([
  "ERR_SSL_WRONG_VERSION_NUMBER",
  "ERR_SSL_PACKET_LENGTH_TOO_LONG",
  "ERR_SSL_UNKNOWN_PROTOCOL",
  "ERR_SSL_HTTP_REQUEST",
  "ERR_SSL_HTTPS_PROXY_REQUEST",
  "ERR_SSL_RECORD_LAYER_FAILURE",
]);

const byCode: Record<string, SslUnreachableReason> = {
  ECONNREFUSED: "refused",
  ECONNRESET: "reset",
  EPIPE: "reset",
  ECONNABORTED: "reset",
  ETIMEDOUT: "timeout",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  EHOSTDOWN: "unreachable",
  ENETDOWN: "unreachable",
  EADDRNOTAVAIL: "unreachable",
};

export function classifyFailure(error: NodeJS.ErrnoException): HandshakeOutcome {
  const code = error.code ?? "UNKNOWN";
  const reason =
    byCode[code] ??
    (notTls.has(code) ? "no_tls" : code.startsWith("ERR_SSL_") ? "handshake_failed" : "error");
  return { ok: false, reason, errorCode: code };
}
