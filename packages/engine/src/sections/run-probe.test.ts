import pLimit from "p-limit";
import { describe, expect, it } from "vitest";
import { type Probe, ProbeError } from "../contract/probe.js";
import { runProbe } from "./run-probe.js";

const limit = pLimit(4);
const context = (timeoutMs: number) => ({
  network: { resolvers: [], allowPrivateAddresses: false, timeoutMs },
  limit: <T>(operation: () => Promise<T>) => limit(operation),
});

function run(probe: Probe, timeoutMs = 200, unexpected: unknown[] = []) {
  return runProbe({
    probe,
    section: "test",
    domain: "example.com",
    context: context(timeoutMs),
    onUnexpectedError: (error) => unexpected.push(error),
  });
}

describe("runProbe", () => {
  it("returns the probe's data, sync or async", async () => {
    expect(await run({ run: (domain) => ({ domain }) })).toEqual({
      ok: true,
      data: { domain: "example.com" },
    });
    expect(await run({ run: async () => 42 })).toEqual({ ok: true, data: 42 });
  });

  it("stops waiting at the budget and aborts the probe's signal", async () => {
    let signal: AbortSignal | undefined;
    const started = Date.now();
    const outcome = await run(
      {
        run: (_, context) => {
          signal = context.signal;
          return new Promise(() => {});
        },
      },
      100,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe("timeout");
      expect(outcome.error.message).toBe("The test probe did not finish within 100 ms.");
    }
    expect(signal?.aborted).toBe(true);
  });

  it("keeps a ProbeError's code and message", async () => {
    const outcome = await run({
      run: () => {
        throw new ProbeError("upstream_error", "every resolver refused");
      },
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "upstream_error", message: "every resolver refused" },
    });
  });

  it("hides an unexpected crash behind a generic internal error and reports it", async () => {
    const unexpected: unknown[] = [];
    const outcome = await run(
      {
        run: async () => {
          throw new TypeError("secret internals at /srv/app.js:12");
        },
      },
      200,
      unexpected,
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "internal", message: "The test probe failed unexpectedly." },
    });
    expect(unexpected).toHaveLength(1);
  });

  it("does not leak a late rejection after the timeout", async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      await run(
        { run: () => new Promise((_, reject) => setTimeout(() => reject(new Error("late")), 80)) },
        20,
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(rejections).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});

describe("runProbe budget", () => {
  it("tells the probe how much of its budget is left, counting down from the budget", async () => {
    const seen: number[] = [];
    const probe: Probe = {
      run: async (_domain, context) => {
        seen.push(context.remainingMs());
        await new Promise((resolve) => setTimeout(resolve, 60));
        seen.push(context.remainingMs());
        return {};
      },
    };
    const outcome = await runProbe({
      probe,
      section: "echo",
      domain: "example.com",
      context: {
        network: { resolvers: [], allowPrivateAddresses: false, timeoutMs: 1_000 },
        limit: pLimit(1),
      },
      onUnexpectedError: () => undefined,
    });
    expect(outcome.ok).toBe(true);
    expect(seen[0]).toBeLessThanOrEqual(1_000);
    expect(seen[0]).toBeGreaterThan(900);
    expect(seen[1]).toBeLessThanOrEqual(seen[0]! - 50);
  });
});
