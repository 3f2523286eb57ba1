import type { X509Certificate } from "node:crypto";
import type net from "node:net";
import type tls from "node:tls";
import { AddressNotAllowedError } from "../../network/connect-target.js";
import { connectTcp } from "../../network/connect-tcp.js";
import { upgradeToTls } from "../../network/upgrade-tls.js";
import type { SslCipher } from "../tls/negotiated-cipher.js";
import { SmtpReadError, type SmtpReply, smtpReplyReader } from "./smtp-reply.js";

/** The steps of one conversation, in order; a failure names the step it happened in. */
export const smtpSteps = ["connect", "banner", "ehlo", "starttls", "handshake"] as const;
export type SmtpStep = (typeof smtpSteps)[number];

export const smtpFailureReasons = [
  "timeout",
  "refused",
  "reset",
  "closed",
  "blocked_address",
  "bad_reply",
  "reply_too_large",
  "rejected",
  "handshake_failed",
  "error",
] as const;
export type SmtpFailureReason = (typeof smtpFailureReasons)[number];

export interface SmtpTlsOutcome {
  protocol: string | null;
  cipher: SslCipher;
  authorized: boolean;
  authorizationError: string | null;
  /** Leaf first, in the order sent. */
  sent: X509Certificate[];
}

export interface SmtpOutcome {
  /** The banner's first line (capped), or null when none came. */
  banner: string | null;
  /** EHLO keywords as the server listed them, upper case; null when EHLO got no 250. */
  extensions: string[] | null;
  /** STARTTLS listed in EHLO; null when EHLO never answered. */
  starttlsOffered: boolean | null;
  tls: SmtpTlsOutcome | null;
  failure: { step: SmtpStep; reason: SmtpFailureReason; code: string; message: string } | null;
}

export interface SmtpConversationOptions {
  address: string;
  port: number;
  allowPrivateAddresses: boolean;
  /** The MX host name: SNI, and nothing else (no lookup). */
  servername: string;
  /** The name we greet with. */
  ehloName: string;
  secureContext: tls.SecureContext;
  /** Each step's timeout, asked as the step starts. */
  stepTimeoutMs(step: SmtpStep): number;
  signal: AbortSignal;
}

const maxSentCertificates = 32;
const failureOf = {
  ECONNREFUSED: "refused",
  ECONNRESET: "reset",
  EPIPE: "reset",
  ETIMEDOUT: "timeout",
} as const satisfies Record<string, SmtpFailureReason>;

/**
 * Banner, EHLO, STARTTLS when offered, the TLS handshake, QUIT: what a sending server would
 * do, short of a transaction (never MAIL FROM). Every step has its own timeout, every reply a
 * size cap; trouble of the peer comes back as `failure`, never as a rejection.
 */
export async function smtpConversation(options: SmtpConversationOptions): Promise<SmtpOutcome> {
  const outcome: SmtpOutcome = {
    banner: null,
    extensions: null,
    starttlsOffered: null,
    tls: null,
    failure: null,
  };
  const fail = (step: SmtpStep, reason: SmtpFailureReason, code: string, message: string) => {
    outcome.failure = { step, reason, code, message };
    return outcome;
  };
  let socket: net.Socket;
  try {
    socket = connectTcp(options);
  } catch (error) {
    if (error instanceof AddressNotAllowedError) {
      return fail("connect", "blocked_address", error.code, error.message);
    }
    throw error;
  }
  let secure: tls.TLSSocket | undefined;
  // Stays attached for the socket's life so a late error is never unhandled.
  let socketError: NodeJS.ErrnoException | undefined;
  socket.on("error", (error: NodeJS.ErrnoException) => {
    socketError ??= error;
  });
  const reader = smtpReplyReader(socket);
  let step: SmtpStep = "connect";
  try {
    await connected(socket, options.stepTimeoutMs("connect"), options.signal);
    step = "banner";
    const banner = await reader.read(options.stepTimeoutMs("banner"), options.signal);
    outcome.banner = banner.lines[0] ?? "";
    if (banner.code !== 220) {
      return fail(step, "rejected", String(banner.code), `the banner is ${banner.code}, not 220`);
    }
    step = "ehlo";
    socket.write(`EHLO ${options.ehloName}\r\n`);
    const ehlo = await reader.read(options.stepTimeoutMs("ehlo"), options.signal);
    if (ehlo.code !== 250) {
      return fail(step, "rejected", String(ehlo.code), `EHLO was answered ${ehlo.code}`);
    }
    outcome.extensions = ehlo.lines
      .slice(1)
      .map((line) => line.trim().toUpperCase())
      .slice(0, 64);
    outcome.starttlsOffered = outcome.extensions.some((line) => /^STARTTLS\b/.test(line));
    if (!outcome.starttlsOffered) {
      await quit(socket, reader, options);
      return outcome;
    }
    step = "starttls";
    socket.write("STARTTLS\r\n");
    const ready = await reader.read(options.stepTimeoutMs("starttls"), options.signal);
    if (ready.code !== 220) {
      return fail(step, "rejected", String(ready.code), `STARTTLS was answered ${ready.code}`);
    }
    step = "handshake";
    reader.detach();
    secure = upgradeToTls({
      socket,
      tls: {
        servername: options.servername,
        secureContext: options.secureContext,
        // Trust is reported, not enforced; the name is checked on its own afterwards.
        rejectUnauthorized: false,
        checkServerIdentity: () => undefined,
      },
    });
    secure.on("error", (error: NodeJS.ErrnoException) => {
      socketError ??= error;
    });
    outcome.tls = await handshake(secure, options.stepTimeoutMs("handshake"), options.signal);
    const secureReader = smtpReplyReader(secure);
    await quit(secure, secureReader, options);
    return outcome;
  } catch (error) {
    if (!(error instanceof StepError || error instanceof SmtpReadError)) throw error;
    const code = socketError?.code ?? (error instanceof StepError ? error.code : error.reason);
    if (socketError) {
      const reason: SmtpFailureReason =
        failureOf[socketError.code as keyof typeof failureOf] ??
        (socketError.code?.startsWith("ERR_SSL") ? "handshake_failed" : "error");
      return fail(step, reason, code, socketError.message);
    }
    if (error instanceof StepError) return fail(step, error.reason, error.code, error.message);
    const reason: SmtpFailureReason =
      error.reason === "too_large"
        ? "reply_too_large"
        : error.reason === "garbage"
          ? "bad_reply"
          : error.reason === "closed" && step === "handshake"
            ? "handshake_failed"
            : error.reason;
    return fail(step, reason, code, error.message);
  } finally {
    secure?.destroy();
    socket.destroy();
  }
}

class StepError extends Error {
  constructor(
    readonly reason: SmtpFailureReason,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function waitFor<T>(options: {
  emitter: net.Socket;
  event: string;
  timeoutMs: number;
  signal: AbortSignal;
  timeoutCode: string;
  value: () => T;
}): Promise<T> {
  const { emitter, event, signal } = options;
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      emitter.off(event, onEvent);
      emitter.off("error", onError);
      emitter.off("close", onClose);
      if (error) reject(error);
    };
    const onEvent = () => {
      finish();
      try {
        resolve(options.value());
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: NodeJS.ErrnoException) =>
      finish(new StepError("error", error.code ?? "ERROR", error.message));
    const onClose = () =>
      finish(new StepError("closed", "ECONNRESET", "the server closed the connection"));
    const onAbort = () => finish(new StepError("timeout", "ABORT_ERR", "the run ran out of time"));
    const timeoutMs = Math.max(1, options.timeoutMs);
    const timer = setTimeout(
      () =>
        finish(new StepError("timeout", options.timeoutCode, `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    signal.addEventListener("abort", onAbort, { once: true });
    emitter.once(event, onEvent);
    emitter.once("error", onError);
    emitter.once("close", onClose);
  });
}

function connected(socket: net.Socket, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return waitFor({
    emitter: socket,
    event: "connect",
    timeoutMs,
    signal,
    timeoutCode: "ETIMEDOUT",
    value: () => undefined,
  });
}

function handshake(
  socket: tls.TLSSocket,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<SmtpTlsOutcome> {
  return waitFor({
    emitter: socket,
    event: "secureConnect",
    timeoutMs,
    signal,
    timeoutCode: "ERR_TLS_HANDSHAKE_TIMEOUT",
    value: () => {
      const cipher = socket.getCipher();
      const error = socket.authorizationError as Error | string | null | undefined;
      return {
        protocol: socket.getProtocol(),
        cipher: { name: cipher.name, standardName: cipher.standardName, version: cipher.version },
        authorized: socket.authorized,
        // Typed as Error, but Node stores OpenSSL's code string there.
        authorizationError: !error ? null : typeof error === "string" ? error : error.message,
        sent: sentCertificates(socket),
      };
    },
  });
}

// The Certificate message's list in its order (see ssl/handshake.ts for why not getPeerCertificate).
function sentCertificates(socket: tls.TLSSocket): X509Certificate[] {
  const sent: X509Certificate[] = [];
  let next = socket.getPeerX509Certificate();
  while (next && sent.length < maxSentCertificates) {
    sent.push(next);
    next = next.issuerCertificate;
  }
  return sent;
}

// A polite end; what the server says to QUIT changes nothing, so it gets a short wait.
async function quit(
  socket: net.Socket,
  reader: ReturnType<typeof smtpReplyReader>,
  options: SmtpConversationOptions,
): Promise<void> {
  if (socket.destroyed || !socket.writable) return;
  socket.write("QUIT\r\n");
  await reader
    .read(Math.min(1000, options.stepTimeoutMs("ehlo")), options.signal)
    .catch((): SmtpReply | undefined => undefined);
  reader.detach();
}
