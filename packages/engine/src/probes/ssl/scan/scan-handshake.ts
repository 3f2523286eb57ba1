import tls from "node:tls";
import { AddressNotAllowedError, connectTls } from "../../../network/connect-tls.js";
import { classifyFailure } from "../handshake.js";
import type { SslUnreachableReason } from "../ssl-data.js";

export type ScanVersion = "TLSv1" | "TLSv1.1" | "TLSv1.2" | "TLSv1.3";

export interface ScanHandshakeOptions {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  servername: string;
  version: ScanVersion;
  /** An OpenSSL cipher string (TLS 1.2 and below) or TLS 1.3 suite names, `:`-separated. */
  ciphers: string;
  /** One group to offer (`ecdhCurve`); default OpenSSL's list. */
  group?: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export type ScanOutcome =
  | {
      ok: true;
      protocol: string | null;
      cipher: { name: string; standardName: string };
      /** getEphemeralKeyInfo(): the key exchange's group or DH size; null for static RSA. */
      ephemeral: { type: string; name: string | null; size: number | null } | null;
    }
  | {
      ok: false;
      reason: Exclude<SslUnreachableReason, "no_address">;
      errorCode: string;
    };

/**
 * A scan offers the same few version, suite and group combinations to every server, and a
 * context made per handshake was a tenth of an audit's CPU: each is made once. They hold no
 * trust and no session (Node's clients keep none in the context), so sharing them leaks nothing.
 */
const contexts = new Map<string, tls.SecureContext>();
const maxContexts = 512;

function scanContext(options: ScanHandshakeOptions): tls.SecureContext {
  const key = `${options.version} ${options.ciphers} ${options.group ?? ""}`;
  let context = contexts.get(key);
  if (!context) {
    context = tls.createSecureContext({
      minVersion: options.version,
      maxVersion: options.version,
      ciphers: options.ciphers,
      ...(options.group ? { ecdhCurve: options.group } : {}),
    });
    if (contexts.size >= maxContexts) contexts.clear();
    contexts.set(key, context);
  }
  return context;
}

/**
 * One handshake of the configuration scan: a single protocol version, the given suites, trust
 * not checked (the first handshake reports it), the socket destroyed as soon as the handshake
 * is done, so no request is ever sent. Never rejects: every failure is an outcome.
 */
export function scanHandshake(options: ScanHandshakeOptions): Promise<ScanOutcome> {
  if (options.signal.aborted) {
    return Promise.resolve({ ok: false, reason: "timeout", errorCode: "ABORT_ERR" });
  }
  let socket: ReturnType<typeof connectTls>;
  try {
    socket = connectTls({
      address: options.address,
      port: options.port,
      allowPrivateAddresses: options.allowPrivateAddresses,
      tls: {
        servername: options.servername,
        secureContext: scanContext(options),
        rejectUnauthorized: false,
        checkServerIdentity: () => undefined,
      },
    });
  } catch (error) {
    if (error instanceof AddressNotAllowedError) {
      return Promise.resolve({ ok: false, reason: "blocked_address", errorCode: error.code });
    }
    // A group or cipher string this OpenSSL does not know: nothing to try.
    const code = (error as NodeJS.ErrnoException).code ?? "UNKNOWN";
    return Promise.resolve({ ok: false, reason: "error", errorCode: code });
  }
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: ScanOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener("abort", onAbort);
      socket.destroy();
      resolve(outcome);
    };
    const onAbort = () => settle({ ok: false, reason: "timeout", errorCode: "ABORT_ERR" });
    const timer = setTimeout(
      () => settle({ ok: false, reason: "timeout", errorCode: "ERR_TLS_HANDSHAKE_TIMEOUT" }),
      Math.max(1, options.timeoutMs),
    );
    options.signal.addEventListener("abort", onAbort, { once: true });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      const failure = classifyFailure(error);
      if (!failure.ok) settle(failure);
    });
    socket.once("close", () => settle({ ok: false, reason: "reset", errorCode: "ECONNRESET" }));
    socket.once("secureConnect", () => {
      const cipher = socket.getCipher();
      const key = socket.getEphemeralKeyInfo() as { type?: string; name?: string; size?: number };
      settle({
        ok: true,
        protocol: socket.getProtocol(),
        cipher: { name: cipher.name, standardName: cipher.standardName },
        ephemeral: key?.type
          ? { type: key.type, name: key.name ?? null, size: key.size ?? null }
          : null,
      });
    });
  });
}
