import { describe, expect, it } from "vitest";
import { generateApiKey } from "./generate-key.js";

describe("generateApiKey", () => {
  it("makes di_ keys of 32 base62 characters that do not repeat", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey()));
    expect(keys.size).toBe(1000);
    for (const key of keys) expect(key).toMatch(/^di_[0-9A-Za-z]{32}$/);
  });
});
