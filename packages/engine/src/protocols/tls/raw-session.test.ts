import { startHostileServer, tlsRecord } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openRawSession } from "./raw-session.js";

// A loopback peer flooding TLS records without end (what the soak's hostile TLS server does):
// the session holds at most `maxBytes` of it, refuses the chunk that would go over before
// keeping it, and lets go of the connection.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe("openRawSession against a peer flooding records", () => {
  it("never holds more than maxBytes, ends oversized and closes the connection", async () => {
    const peer = await startHostileServer({
      trigger: "record",
      script: () => [{ flood: tlsRecord(22, Buffer.alloc(16_384, 0x0b)) }],
    });
    closers.push(peer.close);
    const maxBytes = 256 * 1024;
    const opened = await openRawSession({
      address: "127.0.0.1",
      port: peer.port,
      allowPrivateAddresses: true,
      timeoutMs: 5000,
      signal: new AbortController().signal,
      maxBytes,
    });
    if (!opened.ok) throw new Error(`no session: ${opened.reason}`);
    const session = opened.value;
    session.send(tlsRecord(22, Buffer.from([1, 0, 0, 0])));
    // A parser that never makes anything of the bytes: it sees every read the session holds.
    let most = 0;
    const read = await session.read((bytes) => {
      most = Math.max(most, bytes.length);
      return undefined;
    }, 10_000);
    session.close();

    expect(read).toEqual({ ok: false, reason: "oversized" });
    expect(most).toBeGreaterThan(maxBytes / 2);
    expect(most).toBeLessThanOrEqual(maxBytes);
    // The peer sees the connection go: it stops with what the socket buffers could take.
    await expect.poll(() => peer.open(), { timeout: 5000 }).toBe(0);
    expect(peer.mostSentOnOne()).toBeLessThan(maxBytes + 8 * 1024 * 1024);
  });
});
