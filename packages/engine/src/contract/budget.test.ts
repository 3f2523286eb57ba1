import { describe, expect, it } from "vitest";
import { answerReserveMs, stepTimeoutMs } from "./budget.js";

const contextWith = (remaining: number, budget = 10_000) => ({
  remainingMs: () => remaining,
  network: { resolvers: [], allowPrivateAddresses: false, timeoutMs: budget },
});

describe("stepTimeoutMs", () => {
  it("gives a step what is left of the budget less the answer reserve", () => {
    expect(answerReserveMs(10_000)).toBe(500);
    expect(stepTimeoutMs(contextWith(8_000))).toBe(7_500);
    expect(stepTimeoutMs(contextWith(8_000), { maxMs: 3_000 })).toBe(3_000);
    expect(stepTimeoutMs(contextWith(8_000), { reserveMs: 0 })).toBe(8_000);
  });

  it("keeps a reserve in proportion to small budgets, and says when no time is left", () => {
    expect(answerReserveMs(1_000)).toBe(100);
    expect(answerReserveMs(100)).toBe(25);
    expect(stepTimeoutMs(contextWith(90, 1_000))).toBeLessThanOrEqual(0);
  });
});
