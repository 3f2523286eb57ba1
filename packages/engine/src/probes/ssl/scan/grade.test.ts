import { describe, expect, it } from "vitest";
import { aPlusHstsSeconds, withHsts } from "./grade.js";

describe("withHsts", () => {
  it("raises A to A+ with HSTS of six months or more, and nothing else", () => {
    expect(withHsts("A", aPlusHstsSeconds)).toBe("A+");
    expect(withHsts("A", 31_536_000)).toBe("A+");
    expect(withHsts("A", aPlusHstsSeconds - 1)).toBe("A");
    expect(withHsts("A", null)).toBe("A");
    expect(withHsts("A-", 31_536_000)).toBe("A-");
    expect(withHsts("T", 31_536_000)).toBe("T");
  });
});
