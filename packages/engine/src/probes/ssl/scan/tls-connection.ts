import type tls from "node:tls";
import { AddressNotAllowedError, type TlsSocketOptions } from "../../../network/connect-tls.js";
import type { HelloAsker } from "./hello-asker.js";

/**
 * Node's TLS client as the scan uses it for questions past the handshake (renegotiation,
 * resumption): trust is not the question, so it is not enforced, and security level 0 lets a
 * legacy server finish its handshake.
 */
const scanClient: TlsSocketOptions = {
  rejectUnauthorized: false,
  checkServerIdentity: () => undefined,
  ciphers: "DEFAULT:@SECLEVEL=0",
};

/**
 * A finished TLS handshake with the address, or null when none could be had in `timeoutMs`
 * (refused, reset, not allowed, out of time). The caller destroys the socket; this one never
 * leaves one open after resolving null, and never rejects.
 */
export function openTls(
  asker: HelloAsker,
  options: TlsSocketOptions,
  timeoutMs: number,
  /** Told of each session the client gets (TLS 1.3 tickets come after the handshake). */
  onSession?: (session: Buffer) => void,
): Promise<tls.TLSSocket | null> {
  let socket: tls.TLSSocket;
  try {
    socket = asker.connectTls({ ...scanClient, ...options });
  } catch (error) {
    if (error instanceof AddressNotAllowedError) return Promise.resolve(null);
    throw error;
  }
  if (onSession) socket.on("session", onSession);
  return new Promise((resolve) => {
    const fail = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(null);
    };
    const timer = setTimeout(fail, Math.max(1, timeoutMs));
    // Stays attached for the socket's whole life, so a late error is never unhandled.
    socket.on("error", fail);
    socket.once("close", fail);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      socket.off("close", fail);
      resolve(socket);
    });
  });
}

/** Waits for `event` on `socket` up to `timeoutMs`; false on timeout, error or close. */
export function waitFor<T>(
  socket: tls.TLSSocket,
  timeoutMs: number,
  start: (done: (value: T | false) => void) => void,
): Promise<T | false> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: T | false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off("close", closed);
      resolve(value);
    };
    const closed = () => done(false);
    const timer = setTimeout(closed, Math.max(1, timeoutMs));
    socket.on("error", closed);
    socket.once("close", closed);
    start(done);
  });
}
