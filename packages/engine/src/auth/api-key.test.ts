import { describe, expect, it } from "vitest";
import { generateApiKey, generateKeyId, hashApiKey, sameKeyHash } from "./api-key.js";
import { parseKeyExpiry } from "./key-expiry.js";

describe("generateApiKey", () => {
  it("makes di_ keys of 32 base62 characters that do not repeat", () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey()));
    expect(keys.size).toBe(2000);
    for (const key of keys) expect(key).toMatch(/^di_[0-9A-Za-z]{32}$/);
    // Every character of the alphabet turns up: the draw covers all 62.
    expect(new Set([...keys].join("").slice(0, 64_000).replaceAll("di_", "")).size).toBe(62);
  });

  it("makes ids that are not the key and do not repeat", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => generateKeyId()));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^key_[0-9A-Za-z]{12}$/);
  });
});

describe("hashApiKey", () => {
  it("is sha256:<hex> of the key, and compares equal only to itself", () => {
    const hash = hashApiKey("di_example");
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(hash).toBe(hashApiKey("di_example"));
    expect(sameKeyHash(hash, hashApiKey("di_example"))).toBe(true);
    expect(sameKeyHash(hash, hashApiKey("di_examplf"))).toBe(false);
    expect(sameKeyHash(hash, "sha256:")).toBe(false);
  });
});

describe("parseKeyExpiry", () => {
  const nowMs = Date.parse("2026-01-01T00:00:00.000Z");

  it.each([
    ["90d", "2026-04-01T00:00:00.000Z"],
    ["12h", "2026-01-01T12:00:00.000Z"],
    ["2w", "2026-01-15T00:00:00.000Z"],
    ["2027-01-31", "2027-01-31T00:00:00.000Z"],
    ["2026-06-01T12:30:00Z", "2026-06-01T12:30:00.000Z"],
  ])("%s → %s", (value, expected) => {
    expect(parseKeyExpiry({ value, nowMs })).toBe(expected);
  });

  it.each(["", "90", "d", "90x", "-1d", "tomorrow", "2025-12-31", "0d", "2026-13-45"])(
    "refuses %j with a TypeError naming expires",
    (value) => {
      expect(() => parseKeyExpiry({ value, nowMs })).toThrow(TypeError);
      expect(() => parseKeyExpiry({ value, nowMs })).toThrow(/^expires: /);
    },
  );
});
