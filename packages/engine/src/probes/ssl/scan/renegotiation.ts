import type { HelloAsker } from "./hello-asker.js";
import { openTls, waitFor } from "./tls-connection.js";

/** How long a renegotiation may take once asked: a server that ignores it never answers. */
const renegotiationWaitMs = 2000;

/**
 * Client-initiated renegotiation (CVE-2011-1473, a cheap way to make the server do
 * public-key work over and over): a finished TLS 1.2-or-earlier handshake, then a new
 * ClientHello on it (Node's `renegotiate`, which OpenSSL sends only with RFC 5746's
 * renegotiation_info). True: the server went through with it; false: it refused (a
 * no_renegotiation alert, an error, a close) or ignored it; null: no handshake to ask on.
 */
export async function clientRenegotiationOf(
  asker: HelloAsker,
  maxVersion: "TLSv1" | "TLSv1.1" | "TLSv1.2",
): Promise<boolean | null> {
  const answer = await asker.slot(async (timeoutMs) => {
    const started = performance.now();
    const socket = await openTls(asker, { maxVersion, minVersion: "TLSv1" }, timeoutMs);
    if (!socket) return null;
    try {
      const left = timeoutMs - (performance.now() - started);
      return await waitFor<boolean>(socket, Math.min(left, renegotiationWaitMs), (done) => {
        const asked = socket.renegotiate({ rejectUnauthorized: false }, (error) => done(!error));
        if (!asked) done(false);
      });
    } finally {
      socket.destroy();
    }
  });
  return answer ?? null;
}
