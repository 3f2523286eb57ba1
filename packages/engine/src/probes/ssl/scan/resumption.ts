import { constants } from "node:crypto";
import type tls from "node:tls";
import type { TlsSocketOptions } from "../../../network/connect-tls.js";
import { maxEarlyDataOf } from "../../../protocols/tls/session-early-data.js";
import type { HelloAsker } from "./hello-asker.js";
import { openTls, waitFor } from "./tls-connection.js";

/** How long to wait for a TLS 1.3 NewSessionTicket after the handshake. */
const ticketWaitMs = 1000;

export interface Resumption {
  /** A TLS 1.2-or-earlier session resumed by its id (the server's session cache). */
  sessionId: boolean | null;
  /** A TLS 1.2-or-earlier session resumed by a ticket the server issued (RFC 5077). */
  ticket: boolean | null;
  /** A TLS 1.3 session resumed with a ticket (PSK, RFC 8446 2.2). */
  tls13: boolean | null;
  /**
   * The max_early_data_size of the server's TLS 1.3 ticket (RFC 8446 4.6.1): over 0, the
   * server takes 0-RTT data, which an attacker can replay (RFC 8446 8).
   */
  maxEarlyData: number | null;
}

type Legacy = "TLSv1" | "TLSv1.1" | "TLSv1.2";

/**
 * Session resumption as a client meets it: one full handshake, its session kept, then a
 * second handshake offering that session; the server resumed it or made a new one. Each kind
 * is its own pair of connections, all at once. Null: not asked (no such version) or no
 * handshake could be had.
 */
export async function resumptionOf(
  asker: HelloAsker,
  versions: { legacy: Legacy | null; tls13: boolean },
): Promise<Resumption> {
  const { legacy, tls13 } = versions;
  const [sessionId, ticket, modern] = await Promise.all([
    legacy
      ? resumed(asker, { maxVersion: legacy, secureOptions: constants.SSL_OP_NO_TICKET })
      : null,
    legacy ? resumed(asker, { maxVersion: legacy }, { ticket: true }) : null,
    tls13 ? resumed(asker, { minVersion: "TLSv1.3" }, { tls13: true }) : null,
  ]);
  return {
    sessionId: sessionId?.reused ?? null,
    ticket: ticket?.reused ?? null,
    tls13: modern?.reused ?? null,
    maxEarlyData: modern ? modern.maxEarlyData : null,
  };
}

/** One session and the attempt to resume it. */
async function resumed(
  asker: HelloAsker,
  options: TlsSocketOptions,
  kind: { ticket?: boolean; tls13?: boolean } = {},
): Promise<{ reused: boolean; maxEarlyData: number | null } | null> {
  const first = await asker.slot(async (timeoutMs) => {
    const started = performance.now();
    const tickets: Buffer[] = [];
    const options13 = { minVersion: "TLSv1" as const, ...options };
    const socket = await openTls(asker, options13, timeoutMs, (ticket) => tickets.push(ticket));
    if (!socket) return null;
    try {
      const left = timeoutMs - (performance.now() - started);
      return await sessionOf(socket, kind, tickets, left);
    } finally {
      socket.destroy();
    }
  });
  if (!first) return null;
  if (!first.session) return { reused: false, maxEarlyData: first.maxEarlyData };
  const session = first.session;
  const reused = await asker.slot(async (timeoutMs) => {
    const socket = await openTls(asker, { minVersion: "TLSv1", ...options, session }, timeoutMs);
    if (!socket) return null;
    try {
      return socket.isSessionReused();
    } finally {
      socket.destroy();
    }
  });
  return reused === null || reused === undefined
    ? null
    : { reused, maxEarlyData: first.maxEarlyData };
}

/**
 * The session to offer again: at TLS 1.3 the first ticket (it comes after the handshake, so
 * waited for); below, the session itself, or null when the server gave nothing to resume (no
 * ticket when one was asked for, an empty session id otherwise).
 */
async function sessionOf(
  socket: tls.TLSSocket,
  kind: { ticket?: boolean; tls13?: boolean },
  tickets: readonly Buffer[],
  timeoutMs: number,
): Promise<{ session: Buffer | null; maxEarlyData: number | null }> {
  if (kind.tls13) {
    const session =
      tickets[0] ??
      (await waitFor<Buffer>(socket, Math.min(timeoutMs, ticketWaitMs), (done) =>
        socket.once("session", done),
      ));
    // No ticket: nothing to resume, and no early data either.
    if (!session) return { session: null, maxEarlyData: 0 };
    return { session, maxEarlyData: maxEarlyDataOf(session) };
  }
  const session = socket.getSession() ?? null;
  if (kind.ticket) return { session: socket.getTLSTicket() ? session : null, maxEarlyData: null };
  return { session, maxEarlyData: null };
}
