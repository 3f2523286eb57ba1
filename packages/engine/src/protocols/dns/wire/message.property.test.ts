import * as packet from "dns-packet";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeQuery, readResponse } from "./message.js";
import { messageLayoutProblem } from "./message-structure.js";

// Not a speed target (benches measure speed): a bound only a runaway read (quadratic work,
// a loop that never ends) breaks, even on a loaded machine.
const runawayMs = 1000;

// Bytes a stranger sends as a DNS answer: whatever they are, reading them is a verdict (an
// answer, a message to ignore, a malformed one), never an exception, and never slow.

const query = encodeQuery({
  name: "example.test",
  type: "A",
  recursionDesired: true,
  dnssecOk: false,
  edns: true,
  udpPayloadSize: 1232,
})!;

/** A well-formed answer to the query, with records of every common kind. */
const valid = packet.encode({
  type: "response",
  id: query.id,
  flags: packet.RECURSION_AVAILABLE | packet.RECURSION_DESIRED,
  questions: [{ name: "example.test", type: "A", class: "IN" }],
  answers: [
    { type: "A", name: "example.test", ttl: 60, data: "192.0.2.1" },
    { type: "CNAME", name: "example.test", ttl: 60, data: "alias.example.test" },
    { type: "MX", name: "example.test", ttl: 60, data: { preference: 10, exchange: "mx.test" } },
    { type: "TXT", name: "example.test", ttl: 60, data: ["v=spf1 -all"] },
  ],
  authorities: [{ type: "NS", name: "test", ttl: 60, data: "ns.test" }],
  additionals: [{ type: "AAAA", name: "ns.test", ttl: 60, data: "2001:db8::1" }],
});

/** Our id in the first two bytes, so the bytes are read rather than ignored at once. */
const withOurId = (bytes: Uint8Array) => {
  const message = Buffer.from(bytes);
  if (message.length >= 2) message.writeUInt16BE(query.id, 0);
  return message;
};

/** A valid message, damaged: cut short, bytes overwritten, 16-bit fields set to anything. */
const damaged = fc
  .record({
    cut: fc.integer({ min: 2, max: valid.length }),
    edits: fc.array(
      fc.record({ at: fc.nat(valid.length - 2), value: fc.integer({ min: 0, max: 0xffff }) }),
      { maxLength: 6 },
    ),
  })
  .map(({ cut, edits }) => {
    const message = Buffer.from(valid);
    for (const { at, value } of edits) message.writeUInt16BE(value, at);
    return withOurId(message.subarray(0, cut));
  });

const verdicts = new Set(["answer", "ignored", "malformed"]);

function readTimed(bytes: Buffer) {
  const started = performance.now();
  const verdict = readResponse({ bytes, query });
  return { verdict, ms: performance.now() - started };
}

describe("reading a DNS answer from a stranger", () => {
  it("gives a verdict for any bytes at all, quickly", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1024 }).map(withOurId), (bytes) => {
        const { verdict, ms } = readTimed(bytes);
        expect(verdicts.has(verdict.kind)).toBe(true);
        expect(ms).toBeLessThan(runawayMs);
      }),
      { numRuns: 1000 },
    );
  });

  it("takes a damaged answer only when its layout holds, with records that are what they say", () => {
    fc.assert(
      fc.property(damaged, (bytes) => {
        const { verdict } = readTimed(bytes);
        expect(verdicts.has(verdict.kind)).toBe(true);
        if (verdict.kind !== "answer") return;
        expect(messageLayoutProblem(bytes)).toBeUndefined();
        for (const record of [...verdict.message.answers, ...verdict.message.additionals]) {
          if (record.type === "A") expect(String(record.data)).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
          if (record.type === "AAAA") expect(String(record.data)).toContain(":");
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("reads 65,535 bytes of compression pointers (every one a loop) in bounded time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 65_533 }), (target) => {
        const bytes = Buffer.alloc(65_535);
        // A header claiming one question and 65,535 answers; every name a pointer.
        bytes.writeUInt16BE(query.id, 0);
        bytes.writeUInt16BE(0x8180, 2);
        bytes.writeUInt16BE(1, 4);
        bytes.writeUInt16BE(0xffff, 6);
        for (let at = 12; at + 1 < bytes.length; at += 2) {
          bytes[at] = 0xc0 | ((target >> 8) & 0x3f);
          bytes[at + 1] = target & 0xff;
        }
        const { verdict, ms } = readTimed(bytes);
        expect(verdict.kind).not.toBe("answer");
        expect(ms).toBeLessThan(runawayMs);
      }),
      { numRuns: 50 },
    );
  });

  it("reads the valid answer whole, and every shorter prefix as malformed or ignored", () => {
    expect(readResponse({ bytes: valid, query }).kind).toBe("answer");
    for (let cut = 0; cut < valid.length; cut++)
      expect(readResponse({ bytes: valid.subarray(0, cut), query }).kind).not.toBe("answer");
  });
});
