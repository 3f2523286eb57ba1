import { describe, expect, it } from "vitest";
import { memoryWorkQueue } from "./memory-work-queue.js";

describe("memoryWorkQueue", () => {
  it("works each id once, and gives a job a stopped worker was running to the next worker", async () => {
    const queue = memoryWorkQueue<{ n: number }>();
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const first = queue.work(
      async (job, signal) => {
        seen.push(`first:${job.id}`);
        // Runs until this worker stops.
        await new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener("abort", () => resolve());
        });
      },
      { concurrency: 1 },
    );
    await queue.add("a", { n: 1 });
    await queue.add("a", { n: 2 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await first.stop();
    const second = queue.work(
      async (job) => {
        seen.push(`second:${job.id}:${job.data.n}`);
      },
      { concurrency: 2 },
    );
    await second.idle();
    expect(seen).toEqual(["first:a", "second:a:1"]);
    release();
    await second.stop();
  });
});
