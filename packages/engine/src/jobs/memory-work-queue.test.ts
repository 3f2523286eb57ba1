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

  it("adds a job every interval under a scheduler id, replaced when scheduled again", async () => {
    const queue = memoryWorkQueue<string>();
    const worked: string[] = [];
    const worker = queue.work(
      async (job) => {
        worked.push(job.data);
      },
      { concurrency: 1 },
    );
    await queue.every("sweep", 20, "old");
    await queue.every("sweep", 20, "new");
    await new Promise((resolve) => setTimeout(resolve, 110));
    await queue.close();
    const count = worked.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(worked.length).toBe(count);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(new Set(worked)).toEqual(new Set(["new"]));
    await worker.stop();
  });
});
