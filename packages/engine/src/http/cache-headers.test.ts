import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cacheTiming, contentLength } from "./cache-headers.js";

/** What Cache-Control and Age must say at `nowMs`, worked out from scratch. */
function expected(
  answer: { ok: boolean; fetchedAtMs: number; expiresAtMs: number },
  graceSeconds: number,
  nowMs: number,
) {
  const maxAge = answer.ok ? Math.floor((answer.expiresAtMs - nowMs) / 1000) : 0;
  return {
    cacheControl:
      maxAge > 0
        ? `private, max-age=${maxAge}, stale-while-revalidate=${graceSeconds}`
        : "private, no-cache",
    age: String(Math.max(0, Math.floor((nowMs - answer.fetchedAtMs) / 1000))),
  };
}

describe("cacheTiming", () => {
  it("is exact to the millisecond however the instants of successive hits fall", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 1, max: 7 * 86_400_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 3_600 }),
        // Offsets from the fetch: mostly forwards in small steps, sometimes backwards (a clock
        // set back), sometimes far past expiry.
        fc.array(fc.integer({ min: -5_000, max: 8 * 86_400_000 }), { minLength: 1, maxLength: 40 }),
        (fetchedAtMs, ttlMs, ok, graceSeconds, offsets) => {
          const answer = { ok, fetchedAtMs, expiresAtMs: fetchedAtMs + ttlMs };
          const instants = offsets
            .sort((a, b) => a - b)
            .flatMap((offset) => [offset, offset + 1, offset + 999, offset - 1]);
          for (const offset of instants) {
            const nowMs = fetchedAtMs + offset;
            const timing = cacheTiming(answer, graceSeconds, nowMs);
            const want = expected(answer, graceSeconds, nowMs);
            expect({ cacheControl: timing.cacheControl, age: timing.age }).toEqual(want);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("changes exactly when a second of age passes or a second of freshness is used up", () => {
    // Fetched at .250, fresh for 10.5 s: max-age steps down at .750, age steps up at .250.
    const answer = { ok: true, fetchedAtMs: 1_000_250, expiresAtMs: 1_010_750 };
    const at = (nowMs: number) => cacheTiming(answer, 60, nowMs);
    expect(at(1_000_250)).toMatchObject({
      age: "0",
      cacheControl: expect.stringContaining("=10,"),
    });
    expect(at(1_000_750)).toMatchObject({
      age: "0",
      cacheControl: expect.stringContaining("=10,"),
    });
    expect(at(1_000_751)).toMatchObject({ age: "0", cacheControl: expect.stringContaining("=9,") });
    expect(at(1_001_249)).toMatchObject({ age: "0" });
    expect(at(1_001_250)).toMatchObject({ age: "1", cacheControl: expect.stringContaining("=9,") });
    expect(at(1_010_750).cacheControl).toBe("private, no-cache");
    // The clock set back: recomputed, not the later answer served early.
    expect(at(1_000_300)).toMatchObject({
      age: "0",
      cacheControl: expect.stringContaining("=10,"),
    });
  });

  it("keeps the grace window each engine asked for", () => {
    const answer = { ok: true, fetchedAtMs: 0, expiresAtMs: 60_000 };
    expect(cacheTiming(answer, 600, 10).cacheControl).toBe(
      "private, max-age=59, stale-while-revalidate=600",
    );
    expect(cacheTiming(answer, 30, 11).cacheControl).toBe(
      "private, max-age=59, stale-while-revalidate=30",
    );
  });

  it("shares one result between hits while nothing in it changes", () => {
    const answer = { ok: true, fetchedAtMs: 5_000, expiresAtMs: 65_000 };
    const first = cacheTiming(answer, 60, 5_100);
    expect(cacheTiming(answer, 60, 5_900)).toBe(first);
    const next = cacheTiming(answer, 60, 6_000);
    expect(next).not.toBe(first);
    expect(next.age).toBe("1");
  });
});

describe("contentLength", () => {
  it("is the body's byte length, not its character count", () => {
    const body = Buffer.from('{"name":"bücher.example"}', "utf8");
    expect(contentLength(body)).toBe(String(body.byteLength));
    expect(contentLength(body)).toBe("26");
    expect(contentLength(new Uint8Array(0))).toBe("0");
  });
});
