import { createTestPki, startHelloResponder, startWebPeer } from "@domain-intel/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { clientHello, sslVersion } from "./client-hello.js";
import { exchangeHello } from "./raw-hello.js";
import { readServerAnswer } from "./server-answer.js";
import { legacySuites } from "./suite-table.js";

// The hand-written ClientHello against loopback peers that answer it with a ServerHello with
// or without renegotiation_info (RFC 5746), or close without a word.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function exchange(
  options: Parameters<typeof startHelloResponder>[0],
  version: typeof sslVersion.SSLv3 | (typeof sslVersion)["TLSv1.2"],
) {
  const peer = await startHelloResponder(options);
  closers.push(peer.close);
  return exchangeHello({
    address: "127.0.0.1",
    port: peer.port,
    allowPrivateAddresses: true,
    hello: clientHello({
      version,
      suites: legacySuites.map((suite) => suite.code),
      servername: "secure.test",
    }),
    timeoutMs: 2000,
    signal: new AbortController().signal,
  });
}

describe("exchangeHello", () => {
  it("reads renegotiation_info in a TLS 1.2 ServerHello, and its absence", async () => {
    const secure = await exchange(
      { versions: [0x0303], renegotiationInfo: true },
      sslVersion["TLSv1.2"],
    );
    const insecure = await exchange(
      { versions: [0x0303], renegotiationInfo: false },
      sslVersion["TLSv1.2"],
    );

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

describe("exchangeHello against OpenSSL", () => {
  async function openssl(tls: Record<string, unknown> = {}) {
    const pki = await createTestPki({ name: "Raw Hello" });
    const leaf = await pki.issueLeaf({
      commonName: "secure.test",
      subjectAltNames: ["secure.test"],
    });
    const peer = await startWebPeer({
      tls: { key: leaf.keyPem, cert: leaf.chainPem, ...tls },
      handler: (_request, response) => response.end(),
    });
    closers.push(peer.close);
    return (hello: Parameters<typeof clientHello>[0], keyExchange = false) =>
      exchangeHello({
        address: "127.0.0.1",
        port: peer.port,
        allowPrivateAddresses: true,
        hello: clientHello(hello),
        until: keyExchange ? "key-exchange" : "hello",
        timeoutMs: 2000,
        signal: new AbortController().signal,
      });
  }

  it("gets a HelloRetryRequest naming the suite and group for a TLS 1.3 hello without a key share", async () => {
    const ask = await openssl();

    const outcome = await ask({
      version: sslVersion["TLSv1.3"],
      suites: [0x1302],
      groups: ["secp384r1"],
      servername: "secure.test",
    });

    expect(outcome).toMatchObject({
      ok: true,
      answer: { kind: "hello", version: 0x0304, suite: 0x1302, retry: true, group: 0x0018 },
    });
  });

  it("pads a hello of 256 to 511 bytes to 512, which OpenSSL answers", async () => {
    const ask = await openssl();
    const sizes = legacySuites.map((_, index) => {
      const hello = clientHello({
        version: sslVersion["TLSv1.2"],
        suites: legacySuites.slice(0, index + 1).map((suite) => suite.code),
        servername: "secure.test",
      });
      return hello.length - 5;
    });
    const padded = legacySuites.findIndex((_, index) => sizes[index] === 512);

    expect(sizes.filter((size) => size > 0xff && size < 0x200)).toEqual([]);
    expect(padded).toBeGreaterThan(0);
    const suites = [0xc02b, ...legacySuites.slice(0, padded).map((suite) => suite.code)];
    expect(
      await ask({ version: sslVersion["TLSv1.2"], suites, servername: "secure.test" }),
    ).toMatchObject({ ok: true, answer: { kind: "hello", version: 0x0303 } });
  });

  it("reads the ECDHE curve from the ServerKeyExchange, and refuses a group the server lacks", async () => {
    const ask = await openssl({ maxVersion: "TLSv1.2", ecdhCurve: "X25519:prime256v1" });
    // ECDHE-ECDSA-AES128-GCM-SHA256: the certificate's key is ECDSA.
    const hello = { version: sslVersion["TLSv1.2"], suites: [0xc02b], servername: "secure.test" };

    const p256 = await ask({ ...hello, groups: ["prime256v1"] }, true);
    const p384 = await ask({ ...hello, groups: ["secp384r1"] }, true);

    expect(p256).toMatchObject({
      ok: true,
      answer: { kind: "hello", suite: 0xc02b, group: 0x0017 },
    });
    expect(p384).toMatchObject({ ok: true, answer: { kind: "alert", description: 40 } });
  });
});

describe("readServerAnswer", () => {
  const record = (type: number, body: Buffer) =>
    Buffer.concat([Buffer.from([type, 3, 3, body.length >> 8, body.length & 0xff]), body]);
  // A TLS 1.2 ServerHello choosing TLS_RSA_WITH_AES_128_GCM_SHA256, no extensions.
  const serverHello = (() => {
    const body = Buffer.concat([
      Buffer.from([3, 3]),
      Buffer.alloc(32, 7),
      Buffer.from([0, 0, 0x9c, 0]),
    ]);
    return Buffer.concat([Buffer.from([2, 0, 0, body.length]), body]);
  })();

  it("passes over a warning alert and waits for the whole ServerHello", () => {
    const bytes = Buffer.concat([record(21, Buffer.from([1, 112])), record(22, serverHello)]);

    expect(readServerAnswer(bytes)).toMatchObject({ kind: "hello", suite: 0x009c });
    expect(readServerAnswer(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
  });

  it("passes over five warnings, as OpenSSL does, and takes a sixth for no answer", () => {
    const warnings = (count: number) =>
      Array.from({ length: count }, () => record(21, Buffer.from([1, 112])));
    const five = Buffer.concat([...warnings(5), record(22, serverHello)]);
    const six = Buffer.concat([...warnings(6), record(22, serverHello)]);

    expect(readServerAnswer(five, "hello")).toMatchObject({ kind: "hello", suite: 0x009c });
    expect(readServerAnswer(six, "hello")).toEqual({ kind: "garbage" });
  });

  it("reports a fatal alert, and bytes that are not TLS", () => {
    expect(readServerAnswer(record(21, Buffer.from([2, 40])))).toEqual({
      kind: "alert",
      description: 40,
    });
    expect(readServerAnswer(Buffer.from("HTTP/1.1 400 Bad Request\r\n"))).toEqual({
      kind: "garbage",
    });
  });
});
