import { startHelloResponder } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { clientHello, exchangeHello, sslVersion } from "./raw-hello.js";

// The hand-written ClientHello against loopback peers that answer it with a ServerHello with
// or without renegotiation_info (RFC 5746), or close without a word.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function exchange(options: Parameters<typeof startHelloResponder>[0], version: number) {
  const peer = await startHelloResponder(options);
  closers.push(peer.close);
  return exchangeHello({
    address: "127.0.0.1",
    port: peer.port,
    allowPrivateAddresses: true,
    hello: clientHello(version, "secure.test"),
    timeoutMs: 2000,
    signal: new AbortController().signal,
  });
}

describe("exchangeHello", () => {
  it("reads renegotiation_info in a TLS 1.2 ServerHello, and its absence", async () => {
    const secure = await exchange({ versions: [0x0303], renegotiationInfo: true }, 0x0303);
    const insecure = await exchange({ versions: [0x0303], renegotiationInfo: false }, 0x0303);

    expect(secure).toMatchObject({
      ok: true,
      answer: { kind: "hello", version: 0x0303, extensions: [0xff01] },
    });
    expect(insecure).toMatchObject({ ok: true, answer: { kind: "hello", extensions: [] } });
  });

  it("reads an SSL 3 ServerHello, and a close without a word", async () => {
    const sslv3 = await exchange(
      { versions: [0x0300], renegotiationInfo: false },
      sslVersion.SSLv3,
    );
    const refused = await exchange(
      { versions: [0x0303], renegotiationInfo: false },
      sslVersion.SSLv3,
    );

    expect(sslv3).toMatchObject({ ok: true, answer: { kind: "hello", version: 0x0300 } });
    expect(refused).toEqual({ ok: false, reason: "closed" });
  });
});
