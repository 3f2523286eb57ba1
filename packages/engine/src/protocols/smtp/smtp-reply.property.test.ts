import { PassThrough } from "node:stream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxReplyBytes, SmtpReadError, type SmtpReply, smtpReplyReader } from "./smtp-reply.js";

// Bytes an MX sends as a reply, in whatever pieces TCP hands them over: a reply, or a precise
// SmtpReadError (garbage, too large, closed, timeout), never another exception.

const reasons = new Set(["timeout", "closed", "too_large", "garbage"]);

/** Reads one reply from `chunks` written in order, then the end of the stream. */
async function readFrom(chunks: readonly Uint8Array[]): Promise<SmtpReply | SmtpReadError> {
  const socket = new PassThrough();
  const reader = smtpReplyReader(socket);
  const reply = reader.read(1000, new AbortController().signal).catch((error: unknown) => {
    if (error instanceof SmtpReadError) return error;
    throw error;
  });
  for (const chunk of chunks) socket.write(chunk);
  socket.end();
  return reply;
}

/** Splits `text` at the given points into the pieces a socket might deliver. */
const pieces = (text: string, cuts: readonly number[]) => {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const bounds = [0, ...points, text.length];
  return bounds.slice(1).map((end, index) => Buffer.from(text.slice(bounds[index], end), "latin1"));
};

describe("reading an SMTP reply from a stranger", () => {
  it("is a reply or a precise read error for any bytes in any pieces", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 600 }), { maxLength: 8 }),
        async (chunks) => {
          const outcome = await readFrom(chunks);
          if (outcome instanceof SmtpReadError) {
            expect(reasons.has(outcome.reason)).toBe(true);
            return;
          }
          expect(outcome.code).toBeGreaterThanOrEqual(0);
          expect(outcome.code).toBeLessThan(1000);
          for (const line of outcome.lines) expect(line.length).toBeLessThanOrEqual(512);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads a multi-line reply the same however TCP splits it", async () => {
    const line = fc.stringMatching(/^[ -~]{0,60}$/);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 200, max: 599 }),
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (code, texts, cuts) => {
          const reply = texts
            .map((text, index) => `${code}${index === texts.length - 1 ? " " : "-"}${text}\r\n`)
            .join("");
          expect(await readFrom(pieces(reply, cuts))).toEqual({ code, lines: texts });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives up on endless continuation lines after a bounded read", async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[ -~]{1,100}$/), async (text) => {
        const line = Buffer.from(`250-${text}\r\n`);
        const chunks = Array.from(
          { length: Math.ceil((4 * maxReplyBytes) / line.length) },
          () => line,
        );
        const outcome = await readFrom(chunks);
        expect(outcome).toBeInstanceOf(SmtpReadError);
        expect((outcome as SmtpReadError).reason).toBe("too_large");
      }),
      { numRuns: 100 },
    );
  });
});
