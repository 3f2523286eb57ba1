import pLimit from "p-limit";
import { describe, expect, it } from "vitest";
import { answerReserveMs, limitWithin, NoTimeLeftError, stepTimeoutMs } from "./budget.js";

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

describe("limitWithin", () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("gives up on a slot that does not come free in time: the operation never runs, the next one does", async () => {
    const limit = pLimit(1);
    const ran: string[] = [];
    const holder = limitWithin(limit, () => sleep(120).then(() => ran.push("holder")), 1000);
    const started = performance.now();
    const late = limitWithin(limit, async () => ran.push("late"), 40);
    await expect(late).rejects.toBeInstanceOf(NoTimeLeftError);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(35);
    expect(waited).toBeLessThan(110);
    await expect(late).rejects.toMatchObject({ code: "timeout" });
    const next = limitWithin(limit, async () => ran.push("next"), 1000);
    await Promise.all([holder, next]);
    expect(ran).toEqual(["holder", "next"]);
    await sleep(0);
    expect(limit.activeCount + limit.pendingCount).toBe(0);
  });

  it("passes the operation's own value and error through, and refuses at once with no time", async () => {
    const limit = pLimit(2);
    await expect(limitWithin(limit, async () => 42, 100)).resolves.toBe(42);
    await expect(
      limitWithin(limit, () => Promise.reject(new Error("peer reset")), 100),
    ).rejects.toThrow("peer reset");
    let called = false;
    await expect(
      limitWithin(
        limit,
        async () => {
          called = true;
        },
        0,
      ),
    ).rejects.toBeInstanceOf(NoTimeLeftError);
    expect(called).toBe(false);
  });
});
