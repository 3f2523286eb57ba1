import {
  handshakeMessage,
  helloRetryRandom,
  retryKeyShare,
  serverHelloBody,
  supportedVersion,
  tlsRecord,
} from "@domain-intel/test-kit";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readServerAnswer } from "./server-answer.js";

// Not a speed target (benches measure speed): a bound only a runaway read (quadratic work,
// a loop that never ends) breaks, even on a loaded machine.
const runawayMs = 1000;

// Bytes a stranger sends after our ClientHello: a ServerHello (and a ServerKeyExchange), an
// HelloRetryRequest, an alert, SSL 2's SERVER-HELLO, or anything else. Reading them is an answer,
// "more bytes needed" or garbage: never an exception, never slow.

const kinds = new Set(["hello", "alert", "sslv2", "garbage"]);

/** A flight a server could send: an ECDHE ServerHello, a certificate, a named-curve ServerKeyExchange. */
const ecdheFlight = Buffer.concat([
  tlsRecord(22, handshakeMessage(2, serverHelloBody({ suite: 0xc02f }))),
  tlsRecord(22, handshakeMessage(11, Buffer.alloc(300, 0x30))),
  tlsRecord(22, handshakeMessage(12, Buffer.from([3, 0x00, 0x17, 65, ...Buffer.alloc(65, 4)]))),
]);
const retryFlight = tlsRecord(
  22,
  handshakeMessage(
    2,
    serverHelloBody({
      random: helloRetryRandom,
      suite: 0x1301,
      extensions: [supportedVersion(0x0304), retryKeyShare(0x001d)],
    }),
  ),
);
const flights = [ecdheFlight, retryFlight];

function readTimed(bytes: Buffer, keyExchange: boolean) {
  const until = keyExchange ? "key-exchange" : "hello";
  const started = performance.now();
  const answer = readServerAnswer(bytes, until);
  return { answer, ms: performance.now() - started };
}

const damaged = fc
  .record({
    flight: fc.constantFrom(...flights),
    cut: fc.integer({ min: 0, max: 1000 }),
    edits: fc.array(fc.record({ at: fc.nat(600), value: fc.integer({ min: 0, max: 0xffff }) }), {
      maxLength: 6,
    }),
  })
  .map(({ flight, cut, edits }) => {
    const bytes = Buffer.from(flight);
    for (const { at, value } of edits) if (at + 1 < bytes.length) bytes.writeUInt16BE(value, at);
    return bytes.subarray(0, Math.min(cut, bytes.length));
  });

describe("reading a TLS server's answer from a stranger", () => {
  it("is an answer, undefined or garbage for any bytes at all, quickly", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), fc.boolean(), (bytes, keyExchange) => {
        const { answer, ms } = readTimed(Buffer.from(bytes), keyExchange);
        if (answer !== undefined) expect(kinds.has(answer.kind)).toBe(true);
        expect(ms).toBeLessThan(runawayMs);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads damaged flights (lengths, versions, suites overwritten, cut anywhere) without an exception", () => {
    fc.assert(
      fc.property(damaged, fc.boolean(), (bytes, keyExchange) => {
        const { answer } = readTimed(bytes, keyExchange);
        if (answer?.kind === "hello") {
          expect(answer.suite).toBeGreaterThanOrEqual(0);
          expect(answer.extensions.length).toBeLessThanOrEqual(bytes.length / 4);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("never answers early: every prefix of a whole flight is undefined, the flight itself an answer", () => {
    fc.assert(
      fc.property(fc.constantFrom(...flights), fc.nat(), (flight, seed) => {
        const cut = seed % flight.length;
        expect(readServerAnswer(flight.subarray(0, cut), "key-exchange")).toBeUndefined();
      }),
      { numRuns: 500 },
    );
    expect(readServerAnswer(ecdheFlight, "key-exchange")).toMatchObject({
      kind: "hello",
      group: 0x0017,
    });
    expect(readServerAnswer(retryFlight, "hello")).toMatchObject({
      kind: "hello",
      retry: true,
      version: 0x0304,
      group: 0x001d,
    });
  });

  it("reads a record split at any point the same as whole", () => {
    fc.assert(
      fc.property(fc.constantFrom(...flights), fc.nat(), (flight, seed) => {
        const cut = 1 + (seed % (flight.length - 1));
        // As a socket would hand it over: a first read, then everything.
        expect(readServerAnswer(flight.subarray(0, cut), "key-exchange")).toBeUndefined();
        expect(readServerAnswer(flight, "key-exchange")).toEqual(
          readServerAnswer(Buffer.from(flight), "key-exchange"),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("reads 256 KiB of records claiming the largest lengths in bounded time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffff }), fc.constantFrom(21, 22), (length, type) => {
        const record = tlsRecord(type, Buffer.from([1, 0]), length);
        const bytes = Buffer.concat(
          Array.from({ length: (256 * 1024) / record.length }, () => record),
        );
        const { ms } = readTimed(bytes, true);
        expect(ms).toBeLessThan(runawayMs);
      }),
      { numRuns: 50 },
    );
  });
});
