import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, meaningful } from "./meaningful-content.js";

// `meaningful` makes the content and its canonical text in one pass. The two-pass version it
// replaced (content first, then canonical text of every array item at every level, then of the
// whole) is kept here as the reference both must agree with.
const volatile = new Set(["durationMs", "ttl", "raw", "expiresInDays"]);
function reference(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (
      value.length > 0 &&
      value.every(
        (item) => typeof item?.id === "string" && typeof item?.status === "string" && item !== null,
      )
    )
      return Object.fromEntries(value.map((check) => [check.id, check.status]));
    return value
      .map(reference)
      .map((item) => [canonicalJson(item), item] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, item]) => item);
  }
  if (typeof value === "object" && value !== null) {
    const kept: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value))
      if (!volatile.has(key) && field !== undefined) kept[key] = reference(field);
    return kept;
  }
  return value;
}

const key = fc.constantFrom("a", "b", "z", "10", "2", "id", "status", "ttl", "raw", "durationMs");
const check = fc.record({
  id: fc.constantFrom("x.one", "x.two"),
  status: fc.constantFrom("pass", "fail"),
  message: fc.string(),
});
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double({ noNaN: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(check, { minLength: 1, maxLength: 3 }),
    fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("meaningful content of section data", () => {
  it("agrees with the two-pass reference, and its text is the content's canonical JSON", () => {
    fc.assert(
      fc.property(data, (value) => {
        const { content, json } = meaningful(value);
        expect(content).toEqual(reference(value));
        expect(json).toBe(canonicalJson(content));
      }),
      { numRuns: 500 },
    );
  });

  it("gives equal text for a rotated record set and changed timings, other text for a change", () => {
    const run = (records: string[], durationMs: number) => ({
      records: records.map((data) => ({ data, ttl: durationMs })),
      durationMs,
      checks: [{ id: "dns.a", status: "pass", message: `${durationMs} ms` }],
    });
    const first = meaningful(run(["192.0.2.1", "192.0.2.2"], 10)).json;
    expect(meaningful(run(["192.0.2.2", "192.0.2.1"], 99)).json).toBe(first);
    expect(meaningful(run(["192.0.2.1", "192.0.2.3"], 10)).json).not.toBe(first);
    expect(first).toBe(
      '{"checks":{"dns.a":"pass"},"records":[{"data":"192.0.2.1"},{"data":"192.0.2.2"}]}',
    );
  });
});
