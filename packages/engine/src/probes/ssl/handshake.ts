import type { X509Certificate } from "node:crypto";
import type tls from "node:tls";
import { AddressNotAllowedError, connectTls } from "../../network/connect-tls.js";
import type { SslCipher } from "../../protocols/tls/negotiated-cipher.js";
import type { SslUnreachableReason } from "./data/endpoint-schema.js";

export interface HandshakeOptions {
  /** An IP literal from resolveTarget's allowed list; connectTls checks it again. */
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  /** Sent as SNI and used for nothing else: no lookup happens for it. */
  servername: string;
  /** Trust store and client settings (createTrustStore). */
  secureContext: tls.SecureContext;
  /**
   * The timeout of a step, asked as the step starts: what is left of the budget shrinks while
   * the TCP connect runs, so the handshake's timeout is only known once it is done.
   */
  stepTimeoutMs(step: HandshakeStep): number;
  signal: AbortSignal;
}

/** The two steps with one address, each under its own timeout. */
export type HandshakeStep = "connect" | "handshake";

/**
 * The `errorCode` of a step that ran out of time: the code the system gives a TCP connect that
 * times out, and Node's code for a TLS handshake that does (server side).
 */
export const stepTimeoutCodes = {
  connect: "ETIMEDOUT",
  handshake: "ERR_TLS_HANDSHAKE_TIMEOUT",
} as const satisfies Record<HandshakeStep, string>;

export type HandshakeOutcome =
  | {
      ok: true;
      /**
       * Who read the session: Node's TLS client, which completed the handshake, or only a
       * hand-written hello (hello-handshake.ts) when the client could not.
       */
      via: "client" | "hello";
      protocol: string;
      cipher: SslCipher;
      alpn: string | null;
      /** OpenSSL's verdict on the chain; null when only a hello was answered (the probe judges). */
      authorized: boolean | null;
      authorizationError: string | null;
      /** The certificates (DER) in the order the server sent them, leaf first; empty if none. */
      sent: Buffer[];
      /** The stapled OCSP response (DER), or null when none was stapled. */
      ocspResponse: Buffer | null;
      /** Why the TLS client failed, when only a hello was answered. */
      clientFailure: { reason: string; errorCode: string } | null;
    }
  | {
      ok: false;
      reason: Exclude<SslUnreachableReason, "no_address">;
      errorCode: string;
      /** The timeout that ran out, when a step did (`stepTimeoutCodes`). */
      timeoutMs?: number;
    };

/** More certificates than any real chain; a bound on what a hostile server can make us parse. */
const maxSentCertificates = 32;

/**
 * One TLS handshake, reporting trust instead of enforcing it. Never rejects for network
 * trouble: refused, silent, reset or non-TLS peers come back as `{ ok: false }`; a step that
 * runs out of time as reason `timeout` with that step's code. The socket is destroyed and the
 * timer cleared whatever happens.
 */
export function handshake(options: HandshakeOptions): Promise<HandshakeOutcome> {
  // An already-aborted signal never fires "abort"; do not start what would then run to the timer.
  if (options.signal.aborted) {
    return Promise.resolve({ ok: false, reason: "timeout", errorCode: "ABORT_ERR" });
  }
  let socket: tls.TLSSocket;
  try {
    socket = connectTls({
      address: options.address,
      port: options.port,
      allowPrivateAddresses: options.allowPrivateAddresses,
      tls: {
        servername: options.servername,
        ALPNProtocols: ["h2", "http/1.1"],
        secureContext: options.secureContext,
        requestOCSP: true,
        // Trust is reported, not enforced, and on this socket only.
        rejectUnauthorized: false,
        // Without this a name mismatch would overwrite the chain's verdict in `authorized`;
        // the name is checked on its own afterwards.
        checkServerIdentity: () => undefined,
      },
    });
  } catch (error) {
    if (error instanceof AddressNotAllowedError) {
      return Promise.resolve({ ok: false, reason: "blocked_address", errorCode: error.code });
    }
    return Promise.reject(error);
  }

  return new Promise((resolve, reject) => {
    let settled = false;
    let ocspResponse: Buffer | null = null;

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
    // A step whose timeout is already spent still gets a moment, rather than none at all.
    const startStep = (step: HandshakeStep) => {
      const timeoutMs = Math.max(1, options.stepTimeoutMs(step));
      const errorCode = stepTimeoutCodes[step];
      return setTimeout(
        () => settle({ ok: false, reason: "timeout", errorCode, timeoutMs }),
        timeoutMs,
      );
    };
    let timer = startStep("connect");
    options.signal.addEventListener("abort", onAbort, { once: true });
    // TCP is up: the TLS handshake starts with a timeout of its own.
    socket.once("connect", () => {
      if (settled) return;
      clearTimeout(timer);
      timer = startStep("handshake");
    });

    // Stays attached for the socket's whole life so a late error is never unhandled.
    socket.on("error", (error: NodeJS.ErrnoException) => settle(classifyFailure(error)));
    socket.once("close", () => settle({ ok: false, reason: "reset", errorCode: "ECONNRESET" }));
    // Emitted before secureConnect, with the DER or nothing.
    socket.once("OCSPResponse", (response: Buffer | null | undefined) => {
      ocspResponse = response && response.length > 0 ? response : null;
    });
    socket.once("secureConnect", () => {
      try {
        const cipher = socket.getCipher();
        const error = socket.authorizationError as Error | string | null | undefined;
        settle({
          ok: true,
          via: "client",
          // Null only before a handshake, and this one completed.
          protocol: socket.getProtocol() ?? "unknown",
          cipher: { name: cipher.name, standardName: cipher.standardName, version: cipher.version },
          alpn: socket.alpnProtocol || null,
          authorized: socket.authorized,
          // Typed as Error, but Node stores OpenSSL's code string there.
          authorizationError: !error ? null : typeof error === "string" ? error : error.message,
          sent: sentCertificates(socket),
          ocspResponse,
          clientFailure: null,
        });
      } catch (error) {
        settle(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * The certificates as the server sent them. getPeerX509Certificate() wraps OpenSSL's
 * SSL_get_peer_cert_chain, the Certificate message's list in its order, and links each entry
 * to the next through `issuerCertificate`, whatever they are. (getPeerCertificate(true)
 * instead rebuilds the chain: reordered, unrelated certificates dropped, completed from the
 * trust store.) In Node 20 the call consumes that list, so it is made once, here.
 */
function sentCertificates(socket: tls.TLSSocket): Buffer[] {
  const sent: Buffer[] = [];
  let next: X509Certificate | undefined = socket.getPeerX509Certificate();
  while (next && sent.length < maxSentCertificates) {
    sent.push(next.raw);
    next = next.issuerCertificate;
  }
  return sent;
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

const byCode: Record<string, Exclude<SslUnreachableReason, "no_address">> = {
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
